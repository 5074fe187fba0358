import { lookingForLabels, orientationLabel } from '../../../components/profile-card/profile-labels';

/** Names of the fields an edit can change, as the before/after shows them. */
export const FIELD_LABELS: Record<string, string> = {
  displayName: 'Имя',
  city: 'Город',
  bio: 'О себе',
  gender: 'Ориентация',
  lookingFor: 'Цели',
  heightCm: 'Рост',
  photos: 'Фото',
};

/** A field's value as a person reads it ('—' when empty). */
export function showValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (field === 'gender') return orientationLabel(String(value)) ?? String(value);
  if (field === 'lookingFor') return Array.isArray(value) ? lookingForLabels(value.map(String)).join(', ') || '—' : '—';
  if (field === 'heightCm') return `${String(value)} см`;
  return String(value);
}

const TIME = new Intl.DateTimeFormat('ru-RU', { day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit' });
export const formatTime = (iso: string) => TIME.format(new Date(iso));
