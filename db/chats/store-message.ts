import type { EntityManager } from '@mikro-orm/postgresql';
import type { EventBus } from '../events/event-bus';
import type { DomainEvent } from '../events/domain-events';
import { outboxArrays } from '../events/job-outbox';
import { sqlOf } from '../kysely';
import { recordScreening } from '../media/screening/screening-events';
import { chatNotFound, type KnownPair } from './chat-access';
import type { MessageRecord, ReplyRecord } from './message-record';
import type { MessageContent } from './messages.service';
import { ID_STAND_IN, INSERT_MESSAGE, INSERT_MESSAGE_AS_KNOWN, SEQ_STAND_IN } from './send-statement';

/** The send statement's values of one message. */
export interface InsertParams {
  now: Date;
  chatId: number;
  senderId: number;
  clientId: string | null;
  type: MessageContent['type'];
  text: string | null;
  photo: string | null;
  sticker: number | null;
  replyTo: number | null;
  sensitive: boolean;
}

/** A checked message to store: its statement's values, and what its record and its announcement need besides. */
export interface Sending {
  params: InsertParams;
  stickerImageId: string | null;
  replyTo: ReplyRecord | null;
  memberIds: number[];
  minors: boolean;
  /** The pair as an earlier read found it, checked by the statement (INSERT_MESSAGE_AS_KNOWN); null: read just now. */
  pair: KnownPair | null;
}

/**
 * The message's one statement, its announcement's jobs written by it (from a draft whose id and seq the statement
 * fills in), and the announcement once it committed. A sensitive photo or sticker is delivered behind a warning:
 * counted for the admins' screening stats, in a transaction with the statement.
 */
export async function storeMessage(em: EntityManager, bus: EventBus, sending: Sending): Promise<MessageRecord | null> {
  const { params, stickerImageId, replyTo, memberIds, minors, pair } = sending;
  const announcement = (message: MessageRecord): DomainEvent => ({ name: 'message.created', payload: { message, memberIds, minors } });
  const recordOf = (row: { id: number | string; seq: number | string; reply_to_id: number | string | null }): MessageRecord => {
    const replyToId = row.reply_to_id === null ? null : Number(row.reply_to_id);
    return {
      id: Number(row.id),
      chatId: params.chatId,
      seq: Number(row.seq),
      senderId: params.senderId,
      clientId: params.clientId,
      type: params.type,
      text: params.text,
      photoImageId: params.photo,
      stickerId: params.sticker,
      stickerImageId,
      replyToId,
      isPinned: false,
      isEdit: false,
      sensitive: params.sensitive,
      createdAt: params.now,
      deletedAt: null,
      replyTo: replyToId === null ? null : replyTo,
    };
  };
  const jobs = outboxArrays(bus.outboxRows([announcement(recordOf({ id: ID_STAND_IN, seq: SEQ_STAND_IN, reply_to_id: params.replyTo }))]));
  const insert = (on: EntityManager) =>
    pair
      ? INSERT_MESSAGE_AS_KNOWN.rows(sqlOf(on), { ...params, ...jobs, ...pair })
      : INSERT_MESSAGE.rows(sqlOf(on), { ...params, ...jobs });
  const [row] = params.sensitive
    ? await em.transactional(async (tx) => {
        const rows = await insert(tx);
        if (rows.length > 0) await recordScreening(tx, params.senderId, 'CHAT', 'WARNED', params.now);
        return rows;
      })
    : await insert(em);
  if (!row) {
    if (pair) return null;
    throw chatNotFound();
  }
  const message = recordOf(row);
  bus.publish(announcement(message));
  return message;
}
