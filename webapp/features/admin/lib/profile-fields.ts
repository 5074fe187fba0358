import { adminProfilePatchSchema, type UserDetails } from '../../../../contracts/admin';
import { ORIENTATIONS, SEX_LABELS, SEXES } from '../../../../contracts/profile-fields';
import { formatHeight, ORIENTATION_LABELS } from '../../../components/profile-card/profile-labels';
import { checkWith, type FieldCheck, type FieldSpec } from './field-spec';

export type Profile = NonNullable<UserDetails['profile']>;
export type ProfileFieldKey = 'displayName' | 'birthDate' | 'city' | 'bio' | 'gender' | 'sex' | 'heightCm' | 'photos';

/** The profile fields an admin edits (moderation-admin.md §5 limits; no body-size field, AMENDMENTS §1.1, no weight, §5.9). */
export const PROFILE_FIELDS: Record<ProfileFieldKey, FieldSpec> = {
  displayName: { key: 'displayName', title: 'Имя', kind: 'text', hint: 'От 2 до 32 символов' },
  birthDate: { key: 'birthDate', title: 'Дата рождения', kind: 'date' },
  city: { key: 'city', title: 'Город', kind: 'text', hint: 'От 1 до 128 символов' },
  bio: { key: 'bio', title: 'О себе', kind: 'textarea', hint: 'От 1 до 1200 символов' },
  gender: {
    key: 'gender',
    title: 'Ориентация',
    kind: 'select',
    options: ORIENTATIONS.map((value) => ({ value, label: ORIENTATION_LABELS[value] })),
  },
  sex: { key: 'sex', title: 'Пол', kind: 'select', options: SEXES.map((value) => ({ value, label: SEX_LABELS[value] })) },
  heightCm: { key: 'heightCm', title: 'Рост, см', label: 'Рост', kind: 'number', hint: 'От 130 до 220. Пусто — не указан.' },
  photos: { key: 'photos', title: 'Фото', kind: 'textarea', hint: 'Одна ссылка в строке' },
};

/** The editor's starting text: photos one URL per line, empty for none. */
export function profileFieldText(profile: Profile, key: ProfileFieldKey): string {
  if (key === 'photos')
    return [...profile.photos]
      .sort((a, b) => a.position - b.position)
      .map((p) => p.url)
      .join('\n');
  if (key === 'birthDate') return profile.birthDate.slice(0, 10);
  const value = profile[key];
  return value === null ? '' : String(value);
}

/** Through the contract's schema: numbers empty → null, photos split by line, trimmed, empty lines dropped. */
export function checkProfileField(key: ProfileFieldKey, raw: string): FieldCheck {
  const input = key === 'photos' ? raw.split('\n') : raw;
  return checkWith(adminProfilePatchSchema.shape[key], input);
}

/** How a field reads in the list. */
export function profileFieldValue(profile: Profile, key: ProfileFieldKey): string {
  const NONE = 'Не указано';
  switch (key) {
    case 'photos':
      return String(profile.photos.length);
    case 'birthDate':
      return `${new Date(profile.birthDate).toLocaleDateString('ru-RU', { timeZone: 'UTC' })} (${profile.age})`;
    case 'gender':
      return ORIENTATION_LABELS[profile.gender as keyof typeof ORIENTATION_LABELS] ?? profile.gender;
    case 'sex':
      return profile.sex ? (SEX_LABELS[profile.sex as keyof typeof SEX_LABELS] ?? profile.sex) : NONE;
    case 'heightCm':
      return profile.heightCm === null ? NONE : formatHeight(profile.heightCm);
    default:
      return profile[key] || NONE;
  }
}
