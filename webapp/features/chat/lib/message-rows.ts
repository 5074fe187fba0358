import type { ChatMessage } from '../../../../contracts/chat';
import { dayKeyOf, formatDayLabel, parseServerTime } from './chat-format';
import type { PendingMessage } from './conversation-state';

const GROUP_WINDOW_MS = 2 * 60_000;

type Timed = Pick<ChatMessage, 'senderId' | 'createdAt'>;

export interface GroupedMessage<M extends Timed = ChatMessage> {
  message: M;
  /** First message of its group (shows the gap above it). */
  first: boolean;
  /** Last message of its group (shows the bubble tail). */
  last: boolean;
}

/** Consecutive messages from the same sender within 2 minutes of the previous one form a group. */
export function groupMessages<M extends Timed>(messages: readonly M[]): GroupedMessage<M>[] {
  const joins = (a: M | undefined, b: M | undefined): boolean => {
    if (!a || !b || a.senderId !== b.senderId) return false;
    const ta = parseServerTime(a.createdAt)?.getTime();
    const tb = parseServerTime(b.createdAt)?.getTime();
    return ta !== undefined && tb !== undefined && Math.abs(tb - ta) <= GROUP_WINDOW_MS;
  };
  return messages.map((message, i) => ({ message, first: !joins(messages[i - 1], message), last: !joins(message, messages[i + 1]) }));
}

export type MessageRow =
  | { kind: 'day'; key: string; label: string }
  | { kind: 'stored'; key: string; message: ChatMessage; own: boolean; first: boolean; last: boolean }
  | { kind: 'pending'; key: string; message: PendingMessage; first: boolean; last: boolean };

type Item = Timed & ({ stored: ChatMessage } | { pending: PendingMessage });

/** Stored then pending messages, grouped, with a date separator before each new day (a new day starts a new group). */
export function buildRows(
  stored: readonly ChatMessage[],
  pending: readonly PendingMessage[],
  me: string | null,
  now = new Date(),
): MessageRow[] {
  const items: Item[] = [
    ...stored.map((m) => ({ senderId: m.senderId, createdAt: m.createdAt, stored: m })),
    ...pending.map((p) => ({ senderId: me, createdAt: p.createdAt, pending: p })),
  ];
  const days = items.map((item) => dayKeyOf(item.createdAt));
  const rows: MessageRow[] = [];
  groupMessages(items).forEach(({ message: item, first, last }, i) => {
    const newDay = days[i] !== days[i - 1];
    if (newDay) rows.push({ kind: 'day', key: `d${days[i]}`, label: formatDayLabel(item.createdAt, now) });
    const edges = { first: first || newDay, last: last || days[i] !== days[i + 1] };
    if ('stored' in item)
      rows.push({ kind: 'stored', key: `s${item.stored.seq}`, message: item.stored, own: me !== null && item.senderId === me, ...edges });
    else rows.push({ kind: 'pending', key: `p${item.pending.clientId}`, message: item.pending, ...edges });
  });
  return rows;
}
