import type { InferResult, Kysely } from 'kysely';
import type { Database } from '../kysely';
import type { MessageType } from '../../contracts/chat';

/** A stored message as the services pass it around (and as events carry it). */
export interface MessageRecord {
  id: number;
  chatId: number;
  seq: number;
  senderId: number | null;
  clientId: string | null;
  type: MessageType;
  text: string | null;
  photoImageId: string | null;
  stickerId: number | null;
  stickerImageId: string | null;
  replyToId: number | null;
  isPinned: boolean;
  isEdit: boolean;
  /** Screening found its photo or sticker may be explicit (issue #27); absent on records built before the field existed. */
  sensitive?: boolean;
  createdAt: Date;
  /** Set once its author deleted it (for both sides); absent on records built before the field existed. */
  deletedAt?: Date | null;
  /** The replied message as the reply quotes it. */
  replyTo?: ReplyRecord | null;
}

export interface ReplyRecord {
  id: number;
  senderId: number | null;
  type: MessageType;
  text: string | null;
  deleted: boolean;
}

/** `messages m` with its sticker's image and the message it replies to; a reply to a message that is gone (auto-deleted) shows as no reply. */
export const messagesQuery = (db: Kysely<Database>) =>
  db
    .selectFrom('messages as m')
    .leftJoin('stickers as s', 's.id', 'm.sticker_id')
    .leftJoin('messages as r', 'r.id', 'm.reply_to_id')
    .select((eb) => [
      'm.id',
      'm.chat_id',
      'm.seq',
      'm.sender_id',
      'm.client_id',
      'm.type',
      'm.text',
      'm.photo_image_id',
      'm.sticker_id',
      's.image_id as sticker_image_id',
      'r.id as reply_to_id',
      'm.is_pinned',
      'm.is_edit',
      'm.sensitive',
      'm.created_at',
      'm.deleted_at',
      'r.sender_id as reply_sender_id',
      'r.type as reply_type',
      'r.text as reply_text',
      eb('r.deleted_at', 'is not', null).as('reply_deleted'),
    ]);

export type MessageRow = InferResult<ReturnType<typeof messagesQuery>>[number];

// bigint columns arrive from the driver as strings.
const num = (v: number | string | null) => (v === null ? null : Number(v));

export function toMessageRecord(row: MessageRow): MessageRecord {
  return {
    id: Number(row.id),
    chatId: Number(row.chat_id),
    seq: Number(row.seq),
    senderId: num(row.sender_id),
    clientId: row.client_id,
    type: row.type,
    text: row.text,
    photoImageId: row.photo_image_id,
    stickerId: num(row.sticker_id),
    stickerImageId: row.sticker_image_id,
    replyToId: num(row.reply_to_id),
    isPinned: row.is_pinned,
    isEdit: row.is_edit,
    sensitive: row.sensitive,
    createdAt: new Date(row.created_at),
    deletedAt: row.deleted_at === null ? null : new Date(row.deleted_at),
    replyTo:
      row.reply_to_id === null || row.reply_type === null
        ? null
        : {
            id: Number(row.reply_to_id),
            senderId: num(row.reply_sender_id),
            type: row.reply_type,
            text: row.reply_text,
            deleted: row.reply_deleted === true,
          },
  };
}
