import type { UserDetails } from '../../../../contracts/admin';
import { ProfileCard } from '../../../components/profile-card/profile-card';
import { ListRow, ListSection } from '../../../components/ui/list-section';
import { PROFILE_FIELDS, profileFieldValue, type Profile, type ProfileFieldKey } from '../lib/profile-fields';
import styles from './user-detail.module.css';

const KEYS: ProfileFieldKey[] = ['displayName', 'birthDate', 'city', 'bio', 'gender', 'sex', 'heightCm', 'photos'];

const short = (text: string, max = 28) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

function cardOf(telegramId: number, p: Profile) {
  const photos = [...p.photos].sort((a, b) => a.position - b.position).map((photo) => photo.url);
  return {
    userId: String(telegramId),
    displayName: p.displayName,
    age: p.age,
    city: p.city,
    photos,
    bio: p.bio,
    heightCm: p.heightCm,
    gender: p.gender,
    lookingFor: p.lookingFor,
  };
}

/** The profile as others see it, and its fields; with rights each row opens its editor (moderators: the birth date). */
export function ProfileSection({ details, onEdit }: { details: UserDetails; onEdit(key: ProfileFieldKey): void }) {
  const { profile, canEdit, canEditBirthDate, user } = details;
  const editable = (key: ProfileFieldKey) => canEdit || (key === 'birthDate' && canEditBirthDate);
  if (!profile) return <p className={styles.empty}>У пользователя нет анкеты</p>;
  return (
    <>
      <div className={styles.card}>
        <ProfileCard card={cardOf(user.telegramId, profile)} mode="moderation" />
      </div>
      <ListSection title="Анкета">
        {KEYS.map((key) => (
          <ListRow
            key={key}
            label={PROFILE_FIELDS[key].label ?? PROFILE_FIELDS[key].title}
            value={short(profileFieldValue(profile, key))}
            onClick={editable(key) ? () => onEdit(key) : undefined}
            testId={`profile-${key}`}
          />
        ))}
      </ListSection>
    </>
  );
}
