import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { CHAT_MESSAGES, READ_ONLY_NOTICES } from '../../contracts/chat';
import { AppError } from '../../contracts/errors';
import { inTransaction, type EventBus } from '../events/event-bus';
import { usablePackIds } from '../stickers/stickers.repository';
import { sqlOf } from '../kysely';
import { PREPARE_MARK } from '../../platform/postgres/prepared-statements';
import { sql } from 'kysely';
import { loadChatAccess } from './chat-access';
import { compiledOnce, fixed, slot } from '../compiled-once';
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

// One statement, so one transaction: the chat row lock hands out the next seq (commits happen in seq
// order), the message is written, and the sender has read everything up to it.
const INSERT_MESSAGE = compiledOnce(
  {
    now: slot.value<Date>(),
    chatId: slot.number(),
    senderId: slot.number(),
    clientId: slot.value<string | null>(),
    type: slot.value<MessageContent['type']>(),
    text: slot.value<string | null>(),
    photo: slot.value<string | null>(),
    sticker: slot.value<number | null>(),
    replyTo: slot.value<number | null>(),
    sensitive: slot.value<boolean>(),
    step: fixed(1),
  },
  (sqlDb, p) =>
    sqlDb
      .with('next', (db) =>
        db
          .updateTable('chats')
          .set((eb) => ({ last_seq: eb('last_seq', '+', p.step), last_message_at: p.now }))
          .where('id', '=', p.chatId)
          .returning('last_seq'),
      )
      .with('mine', (db) =>
        db
          .updateTable('chat_members')
          .from('next')
          .set((eb) => ({ last_read_seq: eb.ref('next.last_seq') }))
          .where('chat_id', '=', p.chatId)
          .where('user_id', '=', p.senderId),
      )
      .insertInto('messages')
      .columns([
        'chat_id',
        'sender_id',
        'client_id',
        'seq',
        'type',
        'text',
        'photo_image_id',
        'sticker_id',
        'reply_to_id',
        'is_pinned',
        'is_edit',
        'sensitive',
        'created_at',
      ])
      .expression((eb) =>
        eb
          .selectFrom('next')
          .select((s) => [
            s.val(p.chatId).as('chat_id'),
            s.val(p.senderId).as('sender_id'),
            s.val(p.clientId).as('client_id'),
            'next.last_seq',
            s.val(p.type).as('type'),
            s.val(p.text).as('text'),
            s.val(p.photo).as('photo'),
            s.val(p.sticker).as('sticker'),
            s.selectFrom('messages as r').select('r.id').where('r.id', '=', p.replyTo).where('r.chat_id', '=', p.chatId).as('reply_to'),
            s.lit(false).as('is_pinned'),
            s.lit(false).as('is_edit'),
            s.val(p.sensitive).as('sensitive'),
            s.val(p.now).as('created_at'),
          ]),
      )
      .returning(['id', 'seq', 'reply_to_id'])
      // Every send: compiled once and prepared, its plan kept (issue 42).
      .modifyEnd(sql.raw(PREPARE_MARK)),
);

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
 * deleted), at most once per clientId, and announces it once stored. The insert is one statement, committed with
 * the announcement's outbox (its notify job), so a send costs the membership read and that transaction; a retry
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
  return (input.sends ?? unordered).run(chatId, async () => {
    let message: MessageRecord;
    try {
      message = await inTransaction(em, bus, async (tx, emit) => {
        const [row] = await INSERT_MESSAGE.rows(sqlOf(tx), params);
        if (!row) throw new AppError('NOT_FOUND', CHAT_MESSAGES.chatNotFound);
        const stored: MessageRecord = {
          id: Number(row.id),
          chatId,
          seq: Number(row.seq),
          senderId,
          clientId,
          type: content.type,
          text: params.text,
          photoImageId: params.photo,
          stickerId: params.sticker,
          stickerImageId,
          replyToId: row.reply_to_id === null ? null : Number(row.reply_to_id),
          isPinned: false,
          isEdit: false,
          sensitive,
          createdAt: now,
          deletedAt: null,
          replyTo: row.reply_to_id === null ? null : replyTo,
        };
        // A sensitive photo or sticker is delivered behind a warning: counted for the admins' screening stats.
        if (sensitive) await recordScreening(tx, senderId, 'CHAT', 'WARNED', now);
        emit({
          name: 'message.created',
          payload: { message: stored, memberIds: access.peerId === null ? [senderId] : [senderId, access.peerId], minors: access.minors },
        });
        return stored;
      });
    } catch (err) {
      // Already stored (a retry): the unique (chat, sender, clientId) undid the whole transaction, seq included.
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
    return { message, duplicate: false, minors: access.minors };
  });
}
