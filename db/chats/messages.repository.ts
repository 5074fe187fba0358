import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { sqlOf } from '../kysely';
import { PREPARE_MARK } from '../../platform/postgres/prepared-statements';
import { compiledOnce, slot } from '../compiled-once';
import { messagesQuery, toMessageRecord, type MessageRecord, type MessageRow } from './message-record';

// Deleted messages stay in the history as 'Сообщение удалено' (their content is left out by the view).

// Every subscribe to a chat (its catch-up or newest page): compiled once and prepared, its plan kept (issue 42).
const PAGE = { chatId: slot.number(), seq: slot.number(), take: slot.number() };
/** The page after `seq` (oldest first) or before it (newest first). */
const pageShape = (side: '>' | '<', order: 'asc' | 'desc') =>
  compiledOnce(PAGE, (db, v) =>
    messagesQuery(db)
      .where('m.chat_id', '=', v.chatId)
      .where('m.seq', side, v.seq)
      .orderBy('m.seq', order)
      .modifyEnd(sql.raw(PREPARE_MARK))
      .limit(v.take),
  );
const AFTER = pageShape('>', 'asc');
const BEFORE = pageShape('<', 'desc');

/** A page of `limit` rows read with one row more, which says whether another page follows (as pageOf). */
const pageOfRows = (rows: MessageRow[], limit: number) => ({ rows: rows.slice(0, limit), hasMore: rows.length > limit });

/** Messages after `afterSeq` in order (catch-up); `hasMore` when more than `limit` are waiting. */
export async function messagesAfter(
  em: EntityManager,
  chatId: number,
  afterSeq: number,
  limit: number,
): Promise<{ messages: MessageRecord[]; hasMore: boolean }> {
  const { rows, hasMore } = pageOfRows(await AFTER.rows(sqlOf(em), { chatId, seq: afterSeq, take: limit + 1 }), limit);
  return { messages: rows.map(toMessageRecord), hasMore };
}

/** One page of history before `beforeSeq` (the newest page when null), returned oldest first. */
export async function messagesBefore(
  em: EntityManager,
  chatId: number,
  beforeSeq: number | null,
  limit: number,
): Promise<{ messages: MessageRecord[]; hasMore: boolean }> {
  const seq = beforeSeq ?? Number.MAX_SAFE_INTEGER;
  const { rows, hasMore } = pageOfRows(await BEFORE.rows(sqlOf(em), { chatId, seq, take: limit + 1 }), limit);
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
