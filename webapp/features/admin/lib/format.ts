/** Russian plural: 1 запись, 2 записи, 5 записей. */
export function plural(n: number, forms: readonly [string, string, string]): string {
  const mod10 = n % 10;
  const mod100 = n % 100;
  if (mod10 === 1 && mod100 !== 11) return forms[0];
  if (mod10 >= 2 && mod10 <= 4 && (mod100 < 12 || mod100 > 14)) return forms[1];
  return forms[2];
}

export const countText = (n: number, forms: readonly [string, string, string]) => `${n.toLocaleString('ru-RU')} ${plural(n, forms)}`;

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
