import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../api/contracts/errors';
import { CHAT_MESSAGES, type ReadOnlyReason } from '../../api/contracts/chat';
import { ADULT_AGE, ageOn, canMeet } from '../matching/age-band';
import { query } from '../sql';

/** The columns every chat read needs to decide membership and whether the pair may still write. */
export interface ChatFactsRow {
  chat_id: string;
  last_seq: string;
  last_read_seq: string;
  peer_read_seq: string | null;
  archived: boolean;
  peer_id: string | null;
  my_birth: string | null;
  peer_birth: string | null;
  peer_banned: boolean | null;
  my_banned: boolean | null;
  peer_last_seen: Date | string | null;
  blocked: boolean;
}

/** FROM/JOIN part shared by the single-chat and the list queries; `me` is the caller's membership row. */
export const CHAT_FACTS_SQL = `
  c.id AS chat_id, c.last_seq, me.last_read_seq, peer.last_read_seq AS peer_read_seq, me.archived, peer.user_id AS peer_id,
  to_char(pm.birth_date, 'YYYY-MM-DD') AS my_birth, to_char(pp.birth_date, 'YYYY-MM-DD') AS peer_birth, pu.is_banned AS peer_banned, mu.is_banned AS my_banned, pu.last_seen_at AS peer_last_seen,
  EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = me.user_id AND b.blocked_id = peer.user_id)
                                   OR (b.blocker_id = peer.user_id AND b.blocked_id = me.user_id)) AS blocked`;
export const CHAT_FACTS_FROM = `
  chat_members me
  JOIN chats c ON c.id = me.chat_id
  LEFT JOIN chat_members peer ON peer.chat_id = me.chat_id AND peer.user_id <> me.user_id
  LEFT JOIN profiles pm ON pm.user_telegram_id = me.user_id
  LEFT JOIN profiles pp ON pp.user_telegram_id = peer.user_id
  LEFT JOIN users pu ON pu.telegram_id = peer.user_id
  LEFT JOIN users mu ON mu.telegram_id = me.user_id`;

export interface ChatAccess {
  chatId: number;
  meId: number;
  peerId: number | null;
  lastSeq: number;
  lastReadSeq: number;
  /** How far the peer has read (0 without a peer). */
  peerReadSeq: number;
  archived: boolean;
  peerLastSeenAt: Date | null;
  /** Why nobody may write any more (history stays readable), or null. */
  readOnly: ReadOnlyReason | null;
  /** Unless both members are adults today, the peer's media (photos and stickers) arrive blurred. */
  minors: boolean;
}

const isAdult = (birth: string | null, now: Date) => birth !== null && ageOn(birth, now) >= ADULT_AGE;

/** AMENDMENTS §1.3 and §3 Blocking: age bands are checked on every request, at today's ages. */
export function readOnlyReason(row: ChatFactsRow, now: Date): ReadOnlyReason | null {
  if (row.peer_id === null) return 'DELETED';
  // The caller's own ban too: sockets learn of a ban by an event, this closes the gap before it arrives.
  if (row.peer_banned || row.my_banned || row.blocked || !row.my_birth || !row.peer_birth) return 'UNAVAILABLE';
  return canMeet(row.my_birth, row.peer_birth, now) ? null : 'AGE';
}

export function toChatAccess(row: ChatFactsRow, meId: number, now: Date): ChatAccess {
  return {
    chatId: Number(row.chat_id),
    meId,
    peerId: row.peer_id === null ? null : Number(row.peer_id),
    lastSeq: Number(row.last_seq),
    lastReadSeq: Number(row.last_read_seq),
    peerReadSeq: Number(row.peer_read_seq ?? 0),
    archived: row.archived,
    peerLastSeenAt: row.peer_last_seen === null ? null : new Date(row.peer_last_seen),
    readOnly: readOnlyReason(row, now),
    minors: !(isAdult(row.my_birth, now) && isAdult(row.peer_birth, now)),
  };
}

export const chatNotFound = () => new AppError('NOT_FOUND', CHAT_MESSAGES.chatNotFound);

/** The caller's view of one chat; someone else's (or an unknown) chat is 'Чат не найден', never data. */
export async function loadChatAccess(em: EntityManager, chatId: number, meId: number, now = new Date()): Promise<ChatAccess> {
  const rows = await query<ChatFactsRow>(em, `SELECT ${CHAT_FACTS_SQL} FROM ${CHAT_FACTS_FROM} WHERE me.chat_id = ? AND me.user_id = ?`, [chatId, meId]);
  const row = rows[0];
  if (!row) throw chatNotFound();
  return toChatAccess(row, meId, now);
}

/** Every chat of the user with its peer and write state (presence fan-out, snapshots). */
export async function chatAccessesOf(em: EntityManager, meId: number, now = new Date()): Promise<ChatAccess[]> {
  const rows = await query<ChatFactsRow>(em, `SELECT ${CHAT_FACTS_SQL} FROM ${CHAT_FACTS_FROM} WHERE me.user_id = ?`, [meId]);
  return rows.map((row) => toChatAccess(row, meId, now));
}
