import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { CHAT_MESSAGES, READ_ONLY_NOTICES } from '../../contracts/chat';
import { AppError } from '../../contracts/errors';
import type { EventBus } from '../events/event-bus';
import type { DomainEvent } from '../events/domain-events';
import { outboxArrays } from '../events/job-outbox';
import { ID_STAND_IN, INSERT_MESSAGE, SEQ_STAND_IN } from './send-statement';
import { usablePackIds } from '../stickers/stickers.repository';
import { sqlOf } from '../kysely';
import { loadChatAccess } from './chat-access';
import type { MessageRecord, ReplyRecord } from './message-record';
import { messageByClientId, messageInChat } from './messages.repository';
import { KeyedQueue } from './per-chat-queue';
import { SCREENING_ERRORS, SCREENING_MESSAGES } from '../../contracts/screening';
import { recordChatRefusal, recordScreening } from '../media/screening/screening-events';
import { isSensitive } from '../media/screening/screening';
import { dropUnusedImages } from '../media/unused-images';

export type MessageContent =
  { type: 'TEXT'; text: string } | { type: 'PHOTO'; imageId: string; caption: string | null } | { type: 'STICKER'; stickerId: number };

export interface PostMessageInput {
  chatId: number;
  senderId: number;
  /** The client's id for this message; a retry with the same id returns the stored message. */
  clientId: string | null;
  content: MessageContent;
  replyToId?: number | null;
  now?: Date;
  /** Called once the message is known to be new (not a retry), e.g. a rate limit that may throw. */
  admit?: () => Promise<void>;
  /** One insert-and-announce at a time per chat, shared by an app's sends (see KeyedQueue); without it, as they come. */
  sends?: KeyedQueue<number>;
}

export interface PostedMessage {
  message: MessageRecord;
  /** True when this call was a retry of a message already stored. */
  duplicate: boolean;
  /** The chat is not between two adults: the peer's media are shown blurred. */
  minors: boolean;
}

interface CheckedContent {
  stickerImageId: string | null;
  /** Screening found the photo or sticker may be explicit: the peer sees it behind a warning (issue #27). */
  sensitive: boolean;
  /** An explicit photo in a chat with a minor on either side: refused (issue #27). */
  refused: boolean;
}

/**
 * The sticker's image when the sender has its pack; photos must be the sender's own uploads. Screening's verdict,
 * stored with the image or sticker, decides `sensitive` and, in a chat with a minor, refuses an explicit photo.
 */
async function checkContent(em: EntityManager, senderId: number, content: MessageContent, minors: boolean): Promise<CheckedContent> {
  if (content.type === 'PHOTO') {
    const own = await sqlOf(em)
      .selectFrom('images')
      .select('screening_verdict')
      .where('id', '=', content.imageId)
      .where('owner_telegram_id', '=', senderId)
      .executeTakeFirst();
    if (!own) throw new AppError('NOT_FOUND', CHAT_MESSAGES.imageNotFound);
    const verdict = own.screening_verdict;
    return { stickerImageId: null, sensitive: isSensitive(verdict), refused: minors && verdict === 'explicit' };
  }
  if (content.type === 'STICKER') {
    const db = sqlOf(em);
    const row = await db
      .selectFrom('stickers as s')
      .select(['s.image_id', 's.sensitive'])
      .where('s.id', '=', content.stickerId)
      .where('s.pack_id', 'in', usablePackIds(db, senderId))
      .executeTakeFirst();
    if (!row) throw new AppError('NOT_FOUND', CHAT_MESSAGES.stickerNotFound);
    return { stickerImageId: row.image_id, sensitive: row.sensitive, refused: false };
  }
  return { stickerImageId: null, sensitive: false, refused: false };
}

/** A refused chat photo: counted (the third of the day files a report), and the upload dropped unless used elsewhere. */
async function refusePhoto(em: EntityManager, bus: EventBus, senderId: number, imageId: string, now: Date): Promise<never> {
  await recordChatRefusal(em, bus, senderId, now);
  await em.transactional((tx) => dropUnusedImages(tx, [imageId]));
  throw new AppError(SCREENING_ERRORS.photoRefused, SCREENING_MESSAGES.chatPhotoRefused);
}

/** A reply quotes a message of the same chat that is still there; anything else is refused, not dropped. */
async function replyTarget(em: EntityManager, chatId: number, replyToId: number | null | undefined): Promise<ReplyRecord | null> {
  if (replyToId === null || replyToId === undefined) return null;
  const target = await messageInChat(em, chatId, replyToId);
  if (!target || target.deletedAt) throw new AppError('BAD_REQUEST', CHAT_MESSAGES.replyNotFound);
  return { id: target.id, senderId: target.senderId, type: target.type, text: target.text, deleted: false };
}

interface InsertParams {
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

/**
 * Stores a message of a member who may still write (not blocked, not banned, same age band, peer not
 * deleted), at most once per clientId, and announces it once stored. The insert is one statement that also writes
 * the announcement's outbox rows (its notify job), so a send costs the membership read and that statement; a retry
 * is found by its clientId.
 */
// A send without a queue (a script's or a test's direct call) runs at once.
const unordered: Pick<KeyedQueue<number>, 'run'> = { run: (_chatId, work) => work() };

export async function postMessage(em: EntityManager, bus: EventBus, input: PostMessageInput): Promise<PostedMessage> {
  const now = input.now ?? new Date();
  const { chatId, senderId, clientId, content } = input;
  const access = await loadChatAccess(em, chatId, senderId, now);
  // A retry of a stored message is answered even when the chat closed or the sender is over the limit since.
  const storedOr = async (refusal: unknown): Promise<PostedMessage> => {
    const stored = clientId ? await messageByClientId(em, chatId, senderId, clientId) : null;
    if (stored) return { message: stored, duplicate: true, minors: access.minors };
    throw refusal;
  };
  if (access.readOnly) return storedOr(new AppError('FORBIDDEN', READ_ONLY_NOTICES[access.readOnly]));
  try {
    await input.admit?.();
  } catch (err) {
    return storedOr(err);
  }
  let checked: CheckedContent & { replyTo: ReplyRecord | null };
  try {
    checked = { ...(await checkContent(em, senderId, content, access.minors)), replyTo: await replyTarget(em, chatId, input.replyToId) };
  } catch (err) {
    return storedOr(err);
  }
  const { stickerImageId, replyTo, sensitive } = checked;
  if (checked.refused && content.type === 'PHOTO') {
    const stored = clientId ? await messageByClientId(em, chatId, senderId, clientId) : null;
    if (stored) return { message: stored, duplicate: true, minors: access.minors };
    return refusePhoto(em, bus, senderId, content.imageId, now);
  }
  const params: InsertParams = {
    now,
    chatId,
    senderId,
    clientId,
    type: content.type,
    text: content.type === 'TEXT' ? content.text : content.type === 'PHOTO' ? content.caption : null,
    photo: content.type === 'PHOTO' ? content.imageId : null,
    sticker: content.type === 'STICKER' ? content.stickerId : null,
    replyTo: input.replyToId ?? null,
    sensitive,
  };
  const memberIds = access.peerId === null ? [senderId] : [senderId, access.peerId];
  const sending: Sending = { params, stickerImageId, replyTo, memberIds, minors: access.minors };
  return (input.sends ?? unordered).run(chatId, async () => {
    try {
      return { message: await storeMessage(em, bus, sending), duplicate: false, minors: access.minors };
    } catch (err) {
      // Already stored (a retry): the unique (chat, sender, clientId) undid the whole statement, seq included.
      // Kysely hands on the driver's error; the ORM's converter tells what it is.
      if (
        em
          .getPlatform()
          .getExceptionConverter()
          .convertException(err as Error) instanceof UniqueConstraintViolationException
      )
        return storedOr(err);
      throw err;
    }
  });
}

/** A checked message to store: its statement's values, and what its record and its announcement need besides. */
interface Sending {
  params: InsertParams;
  stickerImageId: string | null;
  replyTo: ReplyRecord | null;
  memberIds: number[];
  minors: boolean;
}

/**
 * The message's one statement, its announcement's jobs written by it (from a draft whose id and seq the statement
 * fills in), and the announcement once it committed. A sensitive photo or sticker is delivered behind a warning:
 * counted for the admins' screening stats, in a transaction with the statement.
 */
async function storeMessage(em: EntityManager, bus: EventBus, sending: Sending): Promise<MessageRecord> {
  const { params, stickerImageId, replyTo, memberIds, minors } = sending;
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
  const insert = (on: EntityManager) => INSERT_MESSAGE.rows(sqlOf(on), { ...params, ...jobs });
  const [row] = params.sensitive
    ? await em.transactional(async (tx) => {
        const rows = await insert(tx);
        if (rows.length > 0) await recordScreening(tx, params.senderId, 'CHAT', 'WARNED', params.now);
        return rows;
      })
    : await insert(em);
  if (!row) throw new AppError('NOT_FOUND', CHAT_MESSAGES.chatNotFound);
  const message = recordOf(row);
  bus.publish(announcement(message));
  return message;
}
