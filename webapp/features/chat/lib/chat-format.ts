/** Server times are UTC ISO strings; a string without a zone is read as UTC too. */
export function parseServerTime(value: string | null | undefined): Date | null {
  if (!value) return null;
  const iso = /[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value.replace(' ', 'T')}Z`;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

const pad = (n: number) => String(n).padStart(2, '0');
const sameDay = (a: Date, b: Date) => a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

/** Chat-list time: HH:MM when the message is from today (local time), otherwise DD.MM. */
export function formatChatTime(value: string | null | undefined, now: Date = new Date()): string {
  const date = parseServerTime(value);
  if (!date) return '';
  return sameDay(date, now) ? `${pad(date.getHours())}:${pad(date.getMinutes())}` : `${pad(date.getDate())}.${pad(date.getMonth() + 1)}`;
}

/** HH:MM of a message. */
export function formatMessageTime(value: string): string {
  const date = parseServerTime(value);
  return date ? `${pad(date.getHours())}:${pad(date.getMinutes())}` : '';
}

const MONTHS = ['января', 'февраля', 'марта', 'апреля', 'мая', 'июня', 'июля', 'августа', 'сентября', 'октября', 'ноября', 'декабря'];

/** The date separator of a conversation (local time): 'Сегодня', 'Вчера', '10 марта', or '10 марта 2025' in another year. */
export function formatDayLabel(value: string, now: Date = new Date()): string {
  const date = parseServerTime(value);
  if (!date) return '';
  if (sameDay(date, now)) return 'Сегодня';
  if (sameDay(date, new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1))) return 'Вчера';
  const day = `${date.getDate()} ${MONTHS[date.getMonth()]}`;
  return date.getFullYear() === now.getFullYear() ? day : `${day} ${date.getFullYear()}`;
}

/** The local calendar day of a server time, for splitting a conversation by day. */
export function dayKeyOf(value: string): string {
  const date = parseServerTime(value);
  return date ? `${date.getFullYear()}-${date.getMonth()}-${date.getDate()}` : '';
}

const ARCHIVE_TITLES_MAX = 50;

/** The archive row's titles joined with ', '; above 50 characters cut at the last comma that fits, plus an ellipsis. */
export function truncateTitles(titles: readonly string[], max = ARCHIVE_TITLES_MAX): string {
  const joined = titles.join(', ');
  if (joined.length <= max) return joined;
  const head = joined.slice(0, max);
  const comma = head.lastIndexOf(',');
  return `${(comma > 0 ? head.slice(0, comma) : head).trimEnd()}…`;
}

/** The first letter of a title for the avatar fallback. */
export const initialOf = (title: string) => (title.trim()[0] ?? '?').toUpperCase();

/** The first words of a message preview on one line, cut at a word boundary with an ellipsis (the new-message banner). */
export function firstWords(text: string, max = 60): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
