import { pluralRu } from '../../../lib/plural-ru';

export const countText = (n: number, forms: readonly [string, string, string]) => `${n.toLocaleString('ru-RU')} ${pluralRu(n, forms)}`;

/** '12.03.2026, 14:05' in the viewer's time zone; '—' for none. */
export function dateTimeText(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString('ru-RU', { dateStyle: 'short', timeStyle: 'short' });
}

/** '12 марта 2026'. */
export function dateText(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString('ru-RU', { day: 'numeric', month: 'long', year: 'numeric' });
}

export const ROLE_LABELS = { USER: 'Пользователь', MODERATOR: 'Модератор', ADMIN: 'Администратор' } as const;
