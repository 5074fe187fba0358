import type { EntityManager } from '@mikro-orm/postgresql';
import { CHAT_MESSAGES, type MessageType } from '../../api/contracts/chat';
import { query } from '../sql';
import { CHAT_FACTS_FROM, CHAT_FACTS_SQL, toChatAccess, type ChatAccess, type ChatFactsRow } from './chat-access';

/** What a chat list row or the chat header needs, before presence is added. */
export interface ChatSummary extends ChatAccess {
  peerName: string | null;
  peerPhotoId: string | null;
  last: { type: MessageType; text: string | null; at: Date } | null;
  unreadCount: number;
  /** Keyset position in the list (last activity in µs, then id). */
  cursor: string;
}

interface SummaryRow extends ChatFactsRow {
  activity_us: string;
  peer_name: string | null;
  peer_photo: string | null;
  last_type: MessageType | null;
  last_text: string | null;
  last_at: Date | string | null;
  unread: string;
}

const ACTIVITY_US = `(extract(epoch from COALESCE(c.last_message_at, c.created_at)) * 1000000)::bigint`;

const SUMMARY_SQL = `SELECT ${CHAT_FACTS_SQL}, ${ACTIVITY_US} AS activity_us,
    pp.display_name AS peer_name,
    (SELECT ph.image_id FROM photos ph WHERE ph.owner_telegram_id = peer.user_id AND ph.status = 'APPROVED' ORDER BY ph.position LIMIT 1) AS peer_photo,
    lm.type AS last_type, lm.text AS last_text, lm.created_at AS last_at,
    (SELECT count(*) FROM messages u WHERE u.chat_id = c.id AND u.seq > me.last_read_seq AND u.deleted_at IS NULL
        AND u.sender_id IS DISTINCT FROM me.user_id) AS unread
  FROM ${CHAT_FACTS_FROM}
  LEFT JOIN LATERAL (SELECT m.type, m.text, m.created_at FROM messages m WHERE m.chat_id = c.id AND m.deleted_at IS NULL ORDER BY m.seq DESC LIMIT 1) lm ON true`;

function toSummary(row: SummaryRow, meId: number, now: Date): ChatSummary {
  const access = toChatAccess(row, meId, now);
  // A closed chat no longer shows who is on the other side, on any path that reads a summary.
  const open = access.readOnly === null;
  return {
    ...access,
    peerName: open ? row.peer_name : null,
    peerPhotoId: open ? row.peer_photo : null,
    last: row.last_type && row.last_at ? { type: row.last_type, text: row.last_text, at: new Date(row.last_at) } : null,
    unreadCount: Number(row.unread),
    cursor: `${row.activity_us}.${row.chat_id}`,
  };
}

/** The chat's title as its member sees it: the peer's display name only while the chat is open. */
export function chatTitleOf(s: Pick<ChatSummary, 'peerId' | 'peerName' | 'readOnly'>): string {
  if (s.peerId === null) return CHAT_MESSAGES.deletedTitle;
  if (s.readOnly !== null) return CHAT_MESSAGES.closedTitle;
  return s.peerName ?? CHAT_MESSAGES.untitled;
}

/** The user's chats (not archived), most recent activity first, keyset-paged by the previous page's cursor. */
export async function chatListPage(em: EntityManager, meId: number, opts: { cursor?: string; limit: number; now?: Date }): Promise<{ chats: ChatSummary[]; nextCursor: string | null }> {
  const [activity, id] = opts.cursor ? opts.cursor.split('.') : [];
  const after = opts.cursor ? `AND (${ACTIVITY_US}, c.id) < (?::bigint, ?::bigint)` : '';
  const rows = await query<SummaryRow>(em, `${SUMMARY_SQL} WHERE me.user_id = ? AND NOT me.archived ${after} ORDER BY activity_us DESC, c.id DESC LIMIT ?`,
    [meId, ...(opts.cursor ? [activity, id] : []), opts.limit + 1]);
  const chats = rows.slice(0, opts.limit).map((r) => toSummary(r, meId, opts.now ?? new Date()));
  return { chats, nextCursor: rows.length > opts.limit ? (chats[chats.length - 1]?.cursor ?? null) : null };
}

/** One chat as its member sees it, or null when they are not a member. */
export async function chatSummary(em: EntityManager, meId: number, chatId: number, now = new Date()): Promise<ChatSummary | null> {
  const rows = await query<SummaryRow>(em, `${SUMMARY_SQL} WHERE me.user_id = ? AND me.chat_id = ?`, [meId, chatId]);
  return rows[0] ? toSummary(rows[0], meId, now) : null;
}

/** Archived chats: how many messages they hold and their titles' sources, most recent first. */
export async function archivedChats(em: EntityManager, meId: number): Promise<{ messageCount: number; chats: ChatSummary[] }> {
  const rows = await query<SummaryRow>(em, `${SUMMARY_SQL} WHERE me.user_id = ? AND me.archived ORDER BY activity_us DESC, c.id DESC LIMIT 100`, [meId]);
  const [count] = await query<{ n: string }>(em, 
    'SELECT count(*) AS n FROM messages m JOIN chat_members me ON me.chat_id = m.chat_id WHERE me.user_id = ? AND me.archived AND m.deleted_at IS NULL',
    [meId],
  );
  return { messageCount: Number(count?.n ?? 0), chats: rows.map((r) => toSummary(r, meId, new Date())) };
}

/** The user's chats (archived too) whose peer's name contains `text`, case-insensitively; closed chats show no name, so they never match. */
export async function searchChatsByName(em: EntityManager, meId: number, text: string, limit = 20): Promise<ChatSummary[]> {
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await query<SummaryRow>(em, `${SUMMARY_SQL} WHERE me.user_id = ? AND pp.display_name ILIKE ? ORDER BY activity_us DESC, c.id DESC LIMIT ?`, [meId, pattern, limit * 2]);
  return rows.map((r) => toSummary(r, meId, new Date())).filter((s) => s.peerName !== null).slice(0, limit);
}
