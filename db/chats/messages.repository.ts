import type { EntityManager } from '@mikro-orm/postgresql';
import { query } from '../sql';
import { MESSAGE_COLUMNS, MESSAGE_JOINS, toMessageRecord, type MessageRecord, type MessageRow } from './message-record';

// Deleted messages stay in the history as 'Сообщение удалено' (their content is left out by the view).
const select = (where: string, order: 'ASC' | 'DESC') => `SELECT ${MESSAGE_COLUMNS} FROM messages m ${MESSAGE_JOINS} WHERE ${where} ORDER BY m.seq ${order} LIMIT ?`;

/** Messages after `afterSeq` in order (catch-up); `hasMore` when more than `limit` are waiting. */
export async function messagesAfter(em: EntityManager, chatId: number, afterSeq: number, limit: number): Promise<{ messages: MessageRecord[]; hasMore: boolean }> {
  const rows = await query<MessageRow>(em, select('m.chat_id = ? AND m.seq > ?', 'ASC'), [chatId, afterSeq, limit + 1]);
  return { messages: rows.slice(0, limit).map(toMessageRecord), hasMore: rows.length > limit };
}

/** One page of history before `beforeSeq` (the newest page when null), returned oldest first. */
export async function messagesBefore(em: EntityManager, chatId: number, beforeSeq: number | null, limit: number): Promise<{ messages: MessageRecord[]; hasMore: boolean }> {
  const rows = await query<MessageRow>(em, select('m.chat_id = ? AND m.seq < ?', 'DESC'), [chatId, beforeSeq ?? Number.MAX_SAFE_INTEGER, limit + 1]);
  return { messages: rows.slice(0, limit).map(toMessageRecord).reverse(), hasMore: rows.length > limit };
}

/** The message a retried send already stored (deleted or not: the client id stays taken). */
export async function messageByClientId(em: EntityManager, chatId: number, senderId: number, clientId: string): Promise<MessageRecord | null> {
  const rows = await query<MessageRow>(em, select('m.chat_id = ? AND m.sender_id = ? AND m.client_id = ?', 'ASC'), [chatId, senderId, clientId, 1]);
  return rows[0] ? toMessageRecord(rows[0]) : null;
}

/** One message of the chat by id (deleted ones too), or null when the chat has no such message. */
export async function messageInChat(em: EntityManager, chatId: number, messageId: number): Promise<MessageRecord | null> {
  const rows = await query<MessageRow>(em, select('m.chat_id = ? AND m.id = ?', 'ASC'), [chatId, messageId, 1]);
  return rows[0] ? toMessageRecord(rows[0]) : null;
}
