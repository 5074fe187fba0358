import { ADMIN_MESSAGES } from '../../contracts/admin';
import { AppError } from '../../contracts/errors';
import type { BrowserColumn } from './db-browser-schema';

const bad = () => new AppError('BAD_REQUEST', ADMIN_MESSAGES.badValue);
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_DATETIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/;

function toNumber(column: BrowserColumn, raw: unknown): number {
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw.trim()) : Number.NaN;
  if (!Number.isFinite(n)) throw bad();
  const range = column.intRange;
  if (range && (!Number.isInteger(n) || n < range.min || n > range.max)) throw bad();
  return n;
}

function toDate(raw: unknown): string {
  const match = typeof raw === 'string' ? ISO_DATE.exec(raw.trim()) : null;
  if (!match) throw bad();
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) throw bad();
  return raw as string;
}

function toDatetime(raw: unknown): Date {
  if (typeof raw !== 'string' || !ISO_DATETIME.test(raw.trim())) throw bad();
  const date = new Date(raw.trim());
  if (Number.isNaN(date.getTime())) throw bad();
  return date;
}

/** JSON text is parsed; our JSON columns hold objects, and arrays hold strings. */
function toJson(column: BrowserColumn, raw: unknown): unknown {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw) as unknown;
    } catch {
      throw bad();
    }
  }
  if (column.isArray) {
    if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) throw bad();
    return value;
  }
  if (typeof value !== 'object' || value === null) throw bad();
  return value;
}

function toText(column: BrowserColumn, raw: unknown): string {
  if (typeof raw !== 'string') throw bad();
  if (column.maxLength !== null && raw.length > column.maxLength) throw bad();
  return raw;
}

/** A cell value as the column stores it (moderation-admin.md §4), or 400 'Некорректное значение поля'. */
export function coerceCell(column: BrowserColumn, raw: unknown): unknown {
  const empty = raw === null || raw === undefined || (raw === '' && column.type !== 'string' && column.type !== 'text');
  if (empty) {
    if (!column.nullable) throw bad();
    return null;
  }
  switch (column.type) {
    case 'boolean':
      if (typeof raw === 'boolean') return raw;
      if (raw === 'true' || raw === 'false') return raw === 'true';
      throw bad();
    case 'number':
      return toNumber(column, raw);
    case 'date':
      return toDate(raw);
    case 'datetime':
      return toDatetime(raw);
    case 'json':
      return toJson(column, raw);
    case 'enum':
      if (typeof raw !== 'string' || !column.enumValues?.includes(raw)) throw bad();
      return raw;
    default:
      return toText(column, raw);
  }
}
