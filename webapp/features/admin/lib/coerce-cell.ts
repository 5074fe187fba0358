import { ADMIN_MESSAGES, type DbColumn } from '../../../../contracts/admin';

export type CellCheck = { ok: true; value: unknown } | { ok: false; message: string };

const bad: CellCheck = { ok: false, message: ADMIN_MESSAGES.badValue };
const pad = (n: number) => String(n).padStart(2, '0');

/** The editor's text for a stored value: local 'YYYY-MM-DDTHH:mm' for datetimes, pretty JSON, '' for null. */
export function editorText(column: DbColumn, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (column.type === 'datetime') {
    const date = new Date(String(value));
    if (Number.isNaN(date.getTime())) return '';
    return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
  }
  if (column.type === 'date') return String(value).slice(0, 10);
  if (column.type === 'json') return JSON.stringify(value, null, 2);
  return String(value);
}

function coerceText(column: DbColumn, raw: string): CellCheck {
  switch (column.type) {
    case 'number': {
      const n = Number(raw.trim().replace(',', '.'));
      return Number.isFinite(n) ? { ok: true, value: n } : bad;
    }
    case 'datetime': {
      const date = new Date(raw);
      return Number.isNaN(date.getTime()) ? bad : { ok: true, value: date.toISOString() };
    }
    case 'date':
      return /^\d{4}-\d{2}-\d{2}$/.test(raw) ? { ok: true, value: raw } : bad;
    case 'json':
      try {
        return { ok: true, value: JSON.parse(raw) as unknown };
      } catch {
        return bad;
      }
    case 'enum':
      return !column.enumValues || column.enumValues.includes(raw) ? { ok: true, value: raw } : bad;
    default:
      return { ok: true, value: raw };
  }
}

/** moderation-admin.md §4: the edited value coerced by column type (boolean, number, ISO datetime, parsed JSON); empty means null where allowed. */
export function coerceCell(column: DbColumn, raw: string | boolean): CellCheck {
  if (column.type === 'boolean')
    return typeof raw === 'boolean'
      ? { ok: true, value: raw }
      : raw === 'true' || raw === 'false'
        ? { ok: true, value: raw === 'true' }
        : bad;
  const text = String(raw);
  if (text.trim() === '') {
    if (column.nullable) return { ok: true, value: null };
    if (column.type === 'string' || column.type === 'text') return { ok: true, value: text };
    return bad;
  }
  return coerceText(column, text);
}

/** How a stored value reads in a grid cell. */
export function cellText(column: DbColumn, value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (column.type === 'boolean') return value ? 'да' : 'нет';
  if (column.type === 'datetime') {
    const date = new Date(String(value));
    return Number.isNaN(date.getTime()) ? String(value) : date.toLocaleString('ru-RU', { dateStyle: 'short', timeStyle: 'short' });
  }
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
