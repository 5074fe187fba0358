import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { MyProfile } from '../../../../contracts/profile';
import type { ProfileCard as Card } from '../../../../contracts/profile-card';
import { CardSkeleton } from '../../../components/profile-card/card-skeleton';
import { ProfileCard } from '../../../components/profile-card/profile-card';
import { Button } from '../../../components/ui/button';
import column from '../../../components/ui/column.module.css';
import { ErrorState } from '../../../components/ui/error-state';
import { Icon } from '../../../components/ui/icon';
import { ScreenTitle } from '../../../components/ui/screen-title';
import { useIsModerator, useSession } from '../../../lib/session/session-store';
import type { TextFieldKey } from '../lib/edit-fields';
import { useMyProfile } from '../lib/use-my-profile';
import { CitySheet } from './city-sheet';
import { GenderSheet } from './gender-sheet';
import { LookingForSheet } from './looking-for-sheet';
import styles from './my-profile.module.css';
import { MyProfileFields, type EditorKind } from './my-profile-fields';
import { TextFieldSheet } from './text-field-sheet';

// The drag-and-drop library only loads when the photo editor opens.
const PhotosSheet = lazy(() => import('./photos-sheet'));

const TEXT_KINDS: readonly EditorKind[] = ['displayName', 'bio', 'heightCm'];

const toCard = (userId: number, p: MyProfile): Card => ({
  userId: String(userId),
  displayName: p.displayName,
  age: p.age,
  city: p.city,
  photos: p.photos,
  bio: p.bio,
  heightCm: p.heightCm,
  gender: p.gender,
  lookingFor: p.lookingFor,
});

function PendingNote({ profile }: { profile: MyProfile }) {
  if (!profile.pending.edit && !profile.pending.photos) return null;
  return (
    <div className={styles.pending} role="status">
      <Icon name="clock" size={20} />
      <span>
        <strong>Изменения на модерации</strong>
        Анкета обновится после проверки — обычно это занимает несколько часов.
      </span>
    </div>
  );
}

/** /my-profile (end-user.md §2 My profile): the own card and its fields, each edited in a sheet and sent for moderation. */
export default function MyProfileScreen() {
  const { state, reload } = useMyProfile();
  const me = useSession((s) => s.user?.telegramId ?? 0);
  const isStaff = useIsModerator();
  const navigate = useNavigate();
  const [editing, setEditing] = useState<EditorKind | null>(null);
  // Once opened, the photo editor stays mounted so that it can animate out.
  const [photosMounted, setPhotosMounted] = useState(false);
  if (editing === 'photos' && !photosMounted) setPhotosMounted(true);
  const close = () => setEditing(null);
  const saved = () => {
    setEditing(null);
    reload();
  };

  if (state.phase === 'loading') {
    return (
      <div className={`${column.column} ${styles.screen}`}>
        <ScreenTitle>Моя анкета</ScreenTitle>
        <CardSkeleton label="Загрузка анкеты…" />
      </div>
    );
  }
  if (state.phase === 'error') {
    return (
      <>
        <ScreenTitle>Моя анкета</ScreenTitle>
        <ErrorState className={styles.state} message="Не удалось загрузить анкету" onRetry={reload} />
      </>
    );
  }
  const { profile } = state;
  const textField = editing && TEXT_KINDS.includes(editing) ? (editing as TextFieldKey) : null;
  return (
    <div className={`${column.column} ${styles.screen}`}>
      <ScreenTitle>Моя анкета</ScreenTitle>
      {isStaff && (
        <Button variant="secondary" className={styles.staff} onClick={() => navigate('/moderation')}>
          <Icon name="shield" size={18} />
          Панель модерации
        </Button>
      )}
      <PendingNote profile={profile} />
      <MyProfileFields profile={profile} onEdit={setEditing} />
      <section className={styles.preview} aria-label="Предпросмотр анкеты">
        <h3 className={styles.previewTitle}>Так анкету видят другие</h3>
        <ProfileCard card={toCard(me, profile)} mode="edit" />
      </section>
      <TextFieldSheet field={textField} initial={textField ? profile[textField] : null} onClose={close} onSaved={saved} />
      <CitySheet open={editing === 'city'} current={profile.city} onClose={close} onSaved={saved} />
      <GenderSheet open={editing === 'gender'} current={profile.gender} sex={profile.sex} onClose={close} onSaved={saved} />
      <LookingForSheet open={editing === 'lookingFor'} current={profile.lookingFor} onClose={close} onSaved={saved} />
      {photosMounted && (
        <Suspense fallback={null}>
          <PhotosSheet open={editing === 'photos'} photos={profile.photos} onClose={close} onSaved={saved} />
        </Suspense>
      )}
    </div>
  );
}
