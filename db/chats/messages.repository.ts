import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { sqlOf } from '../kysely';
import { PREPARE_MARK } from '../../platform/postgres/prepared-statements';
import { pageOf } from '../pagination/keyset-page';
import { messagesQuery, toMessageRecord, type MessageRecord } from './message-record';

// Deleted messages stay in the history as 'Сообщение удалено' (their content is left out by the view).

/** Messages after `afterSeq` in order (catch-up); `hasMore` when more than `limit` are waiting. */
export async function messagesAfter(
  em: EntityManager,
  chatId: number,
  afterSeq: number,
  limit: number,
): Promise<{ messages: MessageRecord[]; hasMore: boolean }> {
  const query = messagesQuery(sqlOf(em))
    .where('m.chat_id', '=', chatId)
    .where('m.seq', '>', afterSeq)
    .orderBy('m.seq', 'asc')
    // Every subscribe to a chat (its catch-up): prepared, its plan kept (issue 42).
    .modifyEnd(sql.raw(PREPARE_MARK));
  const { rows, hasMore } = await pageOf(query, limit);
  return { messages: rows.map(toMessageRecord), hasMore };
}

/** One page of history before `beforeSeq` (the newest page when null), returned oldest first. */
export async function messagesBefore(
  em: EntityManager,
  chatId: number,
  beforeSeq: number | null,
  limit: number,
): Promise<{ messages: MessageRecord[]; hasMore: boolean }> {
  const query = messagesQuery(sqlOf(em))
    .where('m.chat_id', '=', chatId)
    .where('m.seq', '<', beforeSeq ?? Number.MAX_SAFE_INTEGER)
    .orderBy('m.seq', 'desc')
    // Every open of a chat: prepared, its plan kept (issue 42).
    .modifyEnd(sql.raw(PREPARE_MARK));
  const { rows, hasMore } = await pageOf(query, limit);
  return { messages: rows.map(toMessageRecord).reverse(), hasMore };
}

/** The message a retried send already stored (deleted or not: the client id stays taken). */
export async function messageByClientId(
  em: EntityManager,
  chatId: number,
  senderId: number,
  clientId: string,
): Promise<MessageRecord | null> {
  const row = await messagesQuery(sqlOf(em))
    .where('m.chat_id', '=', chatId)
    .where('m.sender_id', '=', senderId)
    .where('m.client_id', '=', clientId)
    .orderBy('m.seq', 'asc')
    .limit(1)
    .executeTakeFirst();
  return row ? toMessageRecord(row) : null;
}

/** One message of the chat by id (deleted ones too), or null when the chat has no such message. */
export async function messageInChat(em: EntityManager, chatId: number, messageId: number): Promise<MessageRecord | null> {
  const row = await messagesQuery(sqlOf(em))
    .where('m.chat_id', '=', chatId)
    .where('m.id', '=', messageId)
    .orderBy('m.seq', 'asc')
    .limit(1)
    .executeTakeFirst();
  return row ? toMessageRecord(row) : null;
}
