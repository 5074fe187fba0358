import type { EntityManager } from '@mikro-orm/postgresql';
import { query } from '../sql';
import { chatNotFound } from './chat-access';

/** Moves the member's read mark forward to `seq` (default: the chat's last message); never backwards. `moved` when it went forward. */
export async function markRead(em: EntityManager, chatId: number, meId: number, seq?: number): Promise<{ lastReadSeq: number; moved: boolean }> {
  const rows = await query<{ last_read_seq: string; was: string }>(em, 
    `UPDATE chat_members me SET last_read_seq = GREATEST(me.last_read_seq, LEAST(COALESCE(?::bigint, c.last_seq), c.last_seq))
       FROM chats c, chat_members old
      WHERE c.id = me.chat_id AND old.chat_id = me.chat_id AND old.user_id = me.user_id AND me.chat_id = ? AND me.user_id = ?
      RETURNING me.last_read_seq, old.last_read_seq AS was`,
    [seq ?? null, chatId, meId],
  );
  if (!rows[0]) throw chatNotFound();
  return { lastReadSeq: Number(rows[0].last_read_seq), moved: rows[0].last_read_seq !== rows[0].was };
}

/** Others' messages the member has not read in one chat. */
export async function unreadInChat(em: EntityManager, chatId: number, meId: number): Promise<number> {
  const [row] = await query<{ n: string }>(em, 
    `SELECT count(*) AS n FROM chat_members me JOIN messages m ON m.chat_id = me.chat_id AND m.seq > me.last_read_seq
      WHERE me.chat_id = ? AND me.user_id = ? AND m.deleted_at IS NULL AND m.sender_id IS DISTINCT FROM me.user_id`,
    [chatId, meId],
  );
  return Number(row?.n ?? 0);
}

/** Unread messages over all the member's chats outside the archive (the /chat tab badge). */
export async function totalUnread(em: EntityManager, meId: number): Promise<number> {
  const [row] = await query<{ n: string }>(em, 
    `SELECT count(*) AS n FROM chat_members me JOIN messages m ON m.chat_id = me.chat_id AND m.seq > me.last_read_seq
      WHERE me.user_id = ? AND NOT me.archived AND m.deleted_at IS NULL AND m.sender_id IS DISTINCT FROM me.user_id`,
    [meId],
  );
  return Number(row?.n ?? 0);
}

/** Moves a chat into or out of the member's archive; false when nothing changed. */
export async function setArchived(em: EntityManager, chatId: number, meId: number, archived: boolean): Promise<boolean> {
  const rows = await query<{ was: boolean }>(em, 
    `UPDATE chat_members me SET archived = ? FROM chat_members old
      WHERE old.chat_id = me.chat_id AND old.user_id = me.user_id AND me.chat_id = ? AND me.user_id = ? RETURNING old.archived AS was`,
    [archived, chatId, meId],
  );
  if (!rows[0]) throw chatNotFound();
  return rows[0].was !== archived;
}
