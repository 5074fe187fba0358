import type { ChatMessage } from '../../../../api/contracts/chat';

/** Server times are UTC ISO strings; a string without a zone is read as UTC too. */
export function parseServerTime(value: string | null | undefined): Date | null {
  if (!value) return null;
  const iso = /[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value.replace(' ', 'T')}Z`;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Chat-list time: HH:MM when the message is from today (local time), otherwise DD.MM. */
export function formatChatTime(value: string | null | undefined, now: Date = new Date()): string {
  const date = parseServerTime(value);
  if (!date) return '';
  const today = date.getFullYear() === now.getFullYear() && date.getMonth() === now.getMonth() && date.getDate() === now.getDate();
  return today ? `${pad(date.getHours())}:${pad(date.getMinutes())}` : `${pad(date.getDate())}.${pad(date.getMonth() + 1)}`;
}

/** HH:MM of a message. */
export function formatMessageTime(value: string): string {
  const date = parseServerTime(value);
  return date ? `${pad(date.getHours())}:${pad(date.getMinutes())}` : '';
}

export const ARCHIVE_TITLES_MAX = 50;

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

export const GROUP_WINDOW_MS = 2 * 60_000;

export interface GroupedMessage<M extends Pick<ChatMessage, 'senderId' | 'createdAt'> = ChatMessage> {
  message: M;
  /** First message of its group (shows the gap above it). */
  first: boolean;
  /** Last message of its group (shows the time and the bubble tail). */
  last: boolean;
}

/** Consecutive messages from the same sender within 2 minutes of the previous one form a group. */
export function groupMessages<M extends Pick<ChatMessage, 'senderId' | 'createdAt'>>(messages: readonly M[]): GroupedMessage<M>[] {
  const joins = (a: M | undefined, b: M | undefined): boolean => {
    if (!a || !b || a.senderId !== b.senderId) return false;
    const ta = parseServerTime(a.createdAt)?.getTime();
    const tb = parseServerTime(b.createdAt)?.getTime();
    return ta !== undefined && tb !== undefined && Math.abs(tb - ta) <= GROUP_WINDOW_MS;
  };
  return messages.map((message, i) => ({ message, first: !joins(messages[i - 1], message), last: !joins(message, messages[i + 1]) }));
}
