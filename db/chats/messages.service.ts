import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { CHAT_MESSAGES, READ_ONLY_NOTICES } from '../../contracts/chat';
import { AppError } from '../../contracts/errors';
import type { EventBus } from '../events/event-bus';
import { usablePackIds } from '../stickers/stickers.repository';
import { sqlOf } from '../kysely';
import { chatNotFound, loadChatAccess, writableAsOf, type ChatAccess, type KnownPair } from './chat-access';
import { storeMessage, type InsertParams, type Sending } from './store-message';
import type { MessageRecord, ReplyRecord } from './message-record';
import { messageByClientId, messageInChat } from './messages.repository';
import { KeyedQueue } from './per-chat-queue';
import { SCREENING_ERRORS, SCREENING_MESSAGES } from '../../contracts/screening';
import { recordChatRefusal } from '../media/screening/screening-events';
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
  /**
   * The sender's earlier read of this chat (their socket's, when its screen opened): taken instead of reading it again
   * while it lets them write, and checked by the send's statement itself (chatAsKnown), so a send is one statement
   * (issue 42). When the chat changed since, the send goes on as without it.
   */
  known?: ChatAccess;
}

export interface PostedMessage {
  message: MessageRecord;
  /** True when this call was a retry of a message already stored. */
  duplicate: boolean;
  /** The chat is not between two adults: the peer's media are shown blurred. */
  minors: boolean;
  /** The chat's access the send went by: the `known` one its statement confirmed, or one read now. */
  access: ChatAccess;
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

// A send without a queue (a script's or a test's direct call) runs at once.
const unordered: Pick<KeyedQueue<number>, 'run'> = { run: (_chatId, work) => work() };

/** The send statement's values of the message `input` carries. */
const insertParams = (input: PostMessageInput, now: Date, sensitive: boolean): InsertParams => {
  const { content } = input;
  return {
    now,
    chatId: input.chatId,
    senderId: input.senderId,
    clientId: input.clientId,
    type: content.type,
    text: content.type === 'TEXT' ? content.text : content.type === 'PHOTO' ? content.caption : null,
    photo: content.type === 'PHOTO' ? content.imageId : null,
    sticker: content.type === 'STICKER' ? content.stickerId : null,
    replyTo: input.replyToId ?? null,
    sensitive,
  };
};

/**
 * Stores a message of a member who may still write (not blocked, not banned, same age band, peer not
 * deleted), at most once per clientId, and announces it once stored. The insert is one statement that also writes
 * the announcement's outbox rows (its notify job), so a send costs the membership read and that statement, or that
 * statement alone when it takes the sender's earlier read (`known`); a retry is found by its clientId.
 */

export async function postMessage(em: EntityManager, bus: EventBus, input: PostMessageInput): Promise<PostedMessage> {
  const now = input.now ?? new Date();
  const { chatId, senderId, known } = input;
  const asKnown = known && known.chatId === chatId && known.meId === senderId ? writableAsOf(known, now) : null;
  const fresh = async (admitted: boolean) =>
    (await postWith(em, bus, input, now, { access: await loadChatAccess(em, chatId, senderId, now), pair: null, admitted })) ??
    Promise.reject(chatNotFound());
  if (!asKnown) return fresh(false);
  // Null: the chat changed since that read (the statement wrote nothing); as without it, the limit counted already.
  return (await postWith(em, bus, input, now, { ...asKnown, admitted: false })) ?? fresh(true);
}

/** What postWith goes by: the chat's access, the pair its statement checks when taken from an earlier read, the limit counted. */
interface SendBasis {
  access: ChatAccess;
  pair: KnownPair | null;
  admitted: boolean;
}

/** postMessage on `basis`; null when its pair no longer holds (nothing was written). */
async function postWith(
  em: EntityManager,
  bus: EventBus,
  input: PostMessageInput,
  now: Date,
  basis: SendBasis,
): Promise<PostedMessage | null> {
  const { chatId, senderId, clientId, content } = input;
  const { access } = basis;
  // A retry of a stored message is answered even when the chat closed or the sender is over the limit since.
  const storedOr = async (refusal: unknown): Promise<PostedMessage> => {
    const stored = clientId ? await messageByClientId(em, chatId, senderId, clientId) : null;
    if (stored) return { message: stored, duplicate: true, minors: access.minors, access };
    throw refusal;
  };
  if (access.readOnly) return storedOr(new AppError('FORBIDDEN', READ_ONLY_NOTICES[access.readOnly]));
  try {
    if (!basis.admitted) await input.admit?.();
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
    if (stored) return { message: stored, duplicate: true, minors: access.minors, access };
    return refusePhoto(em, bus, senderId, content.imageId, now);
  }
  const memberIds = access.peerId === null ? [senderId] : [senderId, access.peerId];
  const params = insertParams(input, now, sensitive);
  const sending: Sending = { params, stickerImageId, replyTo, memberIds, minors: access.minors, pair: basis.pair };
  return (input.sends ?? unordered).run(chatId, async () => {
    try {
      const message = await storeMessage(em, bus, sending);
      return message && { message, duplicate: false, minors: access.minors, access };
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
