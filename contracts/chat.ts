import { z } from 'zod';
import { CHAT_STATE_TEXT, READ_ONLY_REASONS } from './chat-state-text';
import { IMAGE_ID_PATTERN } from './media';

export { READ_ONLY_NOTICES, type ReadOnlyReason } from './chat-state-text';

/**
 * Chat, messages and stickers: every HTTP request and answer and every /ws/messages message
 * (end-user.md §3, §7; AMENDMENTS §1.3, §1.5, §3). The webapp and the server both parse with these.
 */

export const MAX_TEXT_LENGTH = 4000;
const CHAT_PAGE_SIZE = 20;
export const HISTORY_PAGE_SIZE = 30;
/** Most messages one catch-up reply carries; `hasMore` asks the client to subscribe again from the last seq. */
export const CATCH_UP_LIMIT = 200;

export const CHAT_MESSAGES = {
  chatNotFound: 'Чат не найден',
  ...CHAT_STATE_TEXT,
  photoPreview: 'Фото',
  stickerPreview: 'Стикер',
  textBlank: 'Введите текст сообщения',
  textTooLong: `Сообщение не длиннее ${MAX_TEXT_LENGTH} символов`,
  badClientId: 'Некорректный clientId сообщения',
  badCursor: 'Некорректный курсор',
  searchBlank: 'Введите имя для поиска',
  searchTooLong: 'Слишком длинный запрос',
  imageNotFound: 'Изображение не найдено: загрузите его заново',
  stickerNotFound: 'Стикер не найден: сначала добавьте стикер-пак',
  unknownRequest: 'Неизвестный запрос',
  replyNotFound: 'Сообщение для ответа не найдено',
  messageNotFound: 'Сообщение не найдено',
  deleteNotOwn: 'Удалить можно только своё сообщение',
  messageDeleted: 'Сообщение удалено',
  stickerUrlBlank: 'Укажите ссылку на стикер-пак',
  stickerUrlBad: 'Ссылка должна быть вида https://t.me/addstickers/NAME',
  stickerSetNotFound: 'Стикер-пак не найден. Проверьте ссылку',
  stickerSetEmpty: 'В этом стикер-паке нет поддерживаемых стикеров',
  stickerImportFailed: 'Не удалось загрузить стикер-пак, попробуйте позже',
  stickerImportUnavailable: 'Импорт стикеров сейчас недоступен',
  stickerPackAdded: 'Стикер-пак успешно добавлен!',
} as const;

// --- identifiers -------------------------------------------------------------------------------

const positiveId = (message: string) =>
  z
    .union(
      [
        z
          .string()
          .trim()
          .regex(/^\d{1,18}$/, message),
        z.number({ error: message }).int(message).positive(message),
      ],
      { error: message },
    )
    .transform(Number);

const chatIdSchema = positiveId(CHAT_MESSAGES.chatNotFound);
const seqSchema = z.coerce.number({ error: CHAT_MESSAGES.badCursor }).int(CHAT_MESSAGES.badCursor).min(0, CHAT_MESSAGES.badCursor);
/** Chosen by the client per message and reused on every retry, so a message is stored once. */
const clientIdSchema = z
  .string({ error: CHAT_MESSAGES.badClientId })
  .trim()
  .regex(/^[\w.:-]{1,64}$/, CHAT_MESSAGES.badClientId);
const messageTextSchema = z
  .string({ error: CHAT_MESSAGES.textBlank })
  .trim()
  .min(1, CHAT_MESSAGES.textBlank)
  .max(MAX_TEXT_LENGTH, CHAT_MESSAGES.textTooLong);
const captionSchema = z
  .string()
  .trim()
  .max(MAX_TEXT_LENGTH, CHAT_MESSAGES.textTooLong)
  .optional()
  .nullable()
  .transform((v) => v || null);

// --- entities as the client sees them ----------------------------------------------------------

export const MESSAGE_TYPES = ['TEXT', 'PHOTO', 'STICKER'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

/** The quoted message a reply shows above its own text (a preview line, not the whole message). */
const replyQuoteSchema = z.object({
  id: z.string(),
  senderId: z.string().nullable(),
  messageType: z.enum(MESSAGE_TYPES),
  /** The list's preview of it ('Фото: …', 'Стикер', the text); 'Сообщение удалено' once it is deleted. */
  preview: z.string(),
  deleted: z.boolean(),
});
export type ReplyQuote = z.infer<typeof replyQuoteSchema>;

/**
 * One message. `blurred` marks media shown blurred until 'Показать': a photo the viewer did not send, or such a sticker
 * in a chat between minors. `sensitive`: screening found the photo (or sticker) may be explicit (issue #27); the viewer
 * who did not send it always gets it blurred (`blurred` is true), with a stronger blur and
 * SCREENING_MESSAGES.mayBeExplicit ('Фото может быть откровенным') before 'Показать'.
 */
export const chatMessageSchema = z.object({
  id: z.string(),
  chatId: z.string(),
  /** Per-chat order: strictly increasing, the client sorts and de-duplicates by it. */
  seq: z.number().int().positive(),
  senderId: z.string().nullable(),
  clientId: z.string().nullable(),
  messageType: z.enum(MESSAGE_TYPES),
  text: z.string().nullable(),
  photoUrl: z.string().nullable(),
  blurred: z.boolean(),
  sensitive: z.boolean().default(false),
  stickerId: z.string().nullable(),
  stickerUrl: z.string().nullable(),
  replyId: z.string().nullable(),
  replyTo: replyQuoteSchema.nullable().default(null),
  isPinned: z.boolean(),
  isEdit: z.boolean(),
  /** Deleted by its author for both sides: no text, photo or sticker, the bubble says 'Сообщение удалено'. */
  deleted: z.boolean().default(false),
  createdAt: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const presenceSchema = z.object({
  chatId: z.string(),
  userId: z.string().nullable(),
  isOnline: z.boolean(),
  lastSeen: z.string().nullable(),
});
export type Presence = z.infer<typeof presenceSchema>;

export const chatListItemSchema = z.object({
  id: z.string().min(1),
  title: z.string(),
  avatarUrl: z.string().nullable(),
  message: z.object({ last: z.string().nullable(), time: z.string().nullable() }),
  unreadCount: z.number().int().min(0).default(0),
  isRead: z.boolean().default(true),
  isOnline: z.boolean(),
  lastSeen: z.string().nullable(),
  peerUserId: z.string().nullable(),
  lastSeq: z.number().int().min(0),
  readOnly: z.boolean(),
  /** Why a closed chat is closed: its row says so instead of the last message (issue 40 item 3). */
  readOnlyReason: z.enum(READ_ONLY_REASONS).nullable().optional(),
});
export type ChatListItem = z.infer<typeof chatListItemSchema>;

export const chatInfoSchema = z.object({
  chatId: z.string(),
  title: z.string(),
  avatarUrl: z.string().nullable(),
  peerUserId: z.string().nullable(),
  isOnline: z.boolean(),
  lastSeen: z.string().nullable(),
  readOnly: z.boolean(),
  readOnlyReason: z.enum(READ_ONLY_REASONS).nullable(),
  /** The notice the chat screen shows instead of the composer. */
  notice: z.string().nullable(),
  lastSeq: z.number().int().min(0),
  lastReadSeq: z.number().int().min(0),
  /** How far the peer has read: the viewer's messages up to it show ✓✓. */
  peerReadSeq: z.number().int().min(0).default(0),
  unreadCount: z.number().int().min(0),
  /** The viewer moved this chat to the archive: its menu offers 'Из архива' instead of 'В архив'. */
  archived: z.boolean().default(false),
});
export type ChatInfo = z.infer<typeof chatInfoSchema>;

const stickerSchema = z.object({ id: z.string(), name: z.string(), packName: z.string(), imageUrl: z.string() });
export type Sticker = z.infer<typeof stickerSchema>;
const stickerPackSchema = z.object({ name: z.string(), title: z.string(), count: z.number().int() });

// --- HTTP: queries and bodies ------------------------------------------------------------------

const limit = (max: number, fallback: number) => z.coerce.number().int().min(1).max(max).catch(fallback).default(fallback);

/** GET /api/chat/me: `cursor` is the previous answer's nextCursor. */
export const chatListQuerySchema = z.object({
  // Both parts are bigint in SQL: 18 digits always fit (a microsecond timestamp has 16), 20 would overflow.
  cursor: z
    .string()
    .regex(/^\d{1,18}\.\d{1,18}$/, CHAT_MESSAGES.badCursor)
    .optional(),
  limit: limit(50, CHAT_PAGE_SIZE),
});
/** GET /api/chat/search: part of a peer's name. */
export const chatSearchQuerySchema = z.object({
  q: z.string({ error: CHAT_MESSAGES.searchBlank }).trim().min(1, CHAT_MESSAGES.searchBlank).max(64, CHAT_MESSAGES.searchTooLong),
});
/** GET /api/messages/chat-info, GET /api/messages/total-unread-count needs none. */
export const chatIdQuerySchema = z.object({ chatId: chatIdSchema });
/** GET /api/messages/history: `cursor` is a seq; the page holds the messages before it (newest page first). */
export const historyQuerySchema = z.object({ chatId: chatIdSchema, cursor: seqSchema.optional(), limit: limit(100, HISTORY_PAGE_SIZE) });
/** GET /api/messages/users-online-status?chatIds=1,2,3 (chats that are not the caller's are left out). */
export const onlineStatusQuerySchema = z.object({
  chatIds: z
    .string()
    .default('')
    .transform((s) =>
      [
        ...new Set(
          s
            .split(',')
            .map((x) => x.trim())
            .filter((x) => /^\d{1,18}$/.test(x))
            .map(Number),
        ),
      ].slice(0, 100),
    ),
});
/** POST /api/messages/mark-as-read; `seq` defaults to the chat's last message. */
export const markReadBodySchema = z.object({ chatId: chatIdSchema, seq: seqSchema.optional() });
export const sendImageBodySchema = z.object({
  chatId: chatIdSchema,
  imageId: z.string({ error: CHAT_MESSAGES.imageNotFound }).regex(IMAGE_ID_PATTERN, CHAT_MESSAGES.imageNotFound),
  caption: captionSchema,
  clientId: clientIdSchema.optional(),
  replyToId: positiveId(CHAT_MESSAGES.chatNotFound).optional(),
});
export const sendStickerBodySchema = z.object({
  chatId: chatIdSchema,
  stickerId: positiveId(CHAT_MESSAGES.stickerNotFound),
  clientId: clientIdSchema.optional(),
  replyToId: positiveId(CHAT_MESSAGES.chatNotFound).optional(),
});
/** POST /api/chat/archive: moves a chat to or from the archive (it leaves or rejoins the list). */
export const setArchivedBodySchema = z.object({ chatId: chatIdSchema, archived: z.boolean() });
export const setArchivedResponseSchema = z.object({ ok: z.literal(true), chatId: z.string(), archived: z.boolean() });

const STICKER_SET_NAME = /^[A-Za-z0-9_]{1,64}$/;

/** The set name of a t.me/addstickers/NAME link (with or without https://), or why the link is wrong. */
export function parseStickerSetUrl(raw: string): { ok: true; name: string } | { ok: false; message: string } {
  const value = raw.trim();
  if (!value) return { ok: false, message: CHAT_MESSAGES.stickerUrlBlank };
  const tg = /^tg:\/\/addstickers\?set=([^&#]+)/i.exec(value);
  const web = /^(?:https?:\/\/)?(?:www\.)?(?:t\.me|telegram\.me|telegram\.dog)\/addstickers\/([^/?#]+)\/?(?:[?#].*)?$/i.exec(value);
  const name = tg?.[1] ?? web?.[1];
  return name && STICKER_SET_NAME.test(name) ? { ok: true, name } : { ok: false, message: CHAT_MESSAGES.stickerUrlBad };
}

/** POST /api/stickers/import {telegramUrl} → the set's name. */
export const stickerImportBodySchema = z.object({
  telegramUrl: z.string({ error: CHAT_MESSAGES.stickerUrlBlank }).transform((url, ctx) => {
    const parsed = parseStickerSetUrl(url);
    if (!parsed.ok) {
      ctx.addIssue({ code: 'custom', message: parsed.message });
      return z.NEVER;
    }
    return parsed.name;
  }),
});

// --- HTTP: answers -----------------------------------------------------------------------------

export const chatListResponseSchema = z.object({
  ok: z.literal(true),
  items: z.array(chatListItemSchema),
  nextCursor: z.string().nullable(),
});
/** GET /api/chat/archived (the archived chats) and GET /api/chat/search (chats by the peer's name). */
export const chatItemsResponseSchema = z.object({ ok: z.literal(true), items: z.array(chatListItemSchema) });
export const archiveSummarySchema = z.object({ ok: z.literal(true), messageCount: z.number().int(), chatTitles: z.array(z.string()) });
export const chatInfoResponseSchema = chatInfoSchema.extend({ ok: z.literal(true) });
/** Messages in ascending seq; `nextCursor` fetches the older page, null at the beginning of the chat. */
export const historyResponseSchema = z.object({
  ok: z.literal(true),
  chatId: z.string(),
  messages: z.array(chatMessageSchema),
  nextCursor: z.string().nullable(),
});
export const markReadResponseSchema = z.object({
  ok: z.literal(true),
  chatId: z.string(),
  lastReadSeq: z.number().int(),
  unreadCount: z.number().int(),
  totalUnreadCount: z.number().int(),
});
export const sendResultSchema = z.object({ ok: z.literal(true), message: chatMessageSchema, duplicate: z.boolean() });
export const stickersResponseSchema = z.object({
  ok: z.literal(true),
  stickers: z.array(stickerSchema),
  packs: z.array(stickerPackSchema),
});
export const stickerImportResponseSchema = z.object({
  ok: z.literal(true),
  message: z.string(),
  pack: stickerPackSchema,
  stickers: z.array(stickerSchema),
});

// --- /ws/messages ------------------------------------------------------------------------------

/** ch:'messages' client → server (`t` values); each reply repeats the cid. */
export const messagesRequests = {
  /** → t:'subscribed' {chatId, lastSeq, messages, hasMore}; afterwards `message` and `presence` pushes for the chat. */
  subscribe: z.object({ chatId: chatIdSchema, afterSeq: seqSchema.optional() }),
  /** → t:'unsubscribed' {chatId}. */
  unsubscribe: z.object({ chatId: chatIdSchema }),
  /** → t:'sent' {message, duplicate}; errors → t:'error' {message}. */
  send: z.object({
    chatId: chatIdSchema,
    text: messageTextSchema,
    clientId: clientIdSchema,
    replyToId: positiveId(CHAT_MESSAGES.chatNotFound).optional(),
  }),
  /** → t:'read' (the mark-as-read answer without ok). */
  mark_read: markReadBodySchema,
  /** → t:'chat_info' (chatInfoSchema). */
  chat_info: z.object({ chatId: chatIdSchema }),
  /** No reply; relayed as t:'typing' to the peer's open chat (at most one per TYPING_RELAY_MS, the rest dropped). */
  typing: z.object({ chatId: chatIdSchema }),
  /** Only the author's own message → t:'deleted' {chatId, message}; both members then get it as t:'message' with deleted. */
  delete: z.object({ chatId: chatIdSchema, messageId: positiveId(CHAT_MESSAGES.messageNotFound) }),
} as const;

export const subscribedDataSchema = z.object({
  chatId: z.string(),
  lastSeq: z.number().int(),
  messages: z.array(chatMessageSchema),
  hasMore: z.boolean(),
});
export const sentDataSchema = z.object({ message: chatMessageSchema, duplicate: z.boolean() });
/** ch:'messages' t:'message' — to sockets subscribed to the chat. */
export const messagePushSchema = z.object({ chatId: z.string(), message: chatMessageSchema });

/** The client sends typing at most this often while the user types; the server relays no more often than this less a margin. */
export const TYPING_SEND_MS = 3000;
export const TYPING_RELAY_MS = 2500;
/** The header drops 'печатает…' after this long without another typing event. */
export const TYPING_SHOW_MS = 5000;
/** ch:'messages' t:'typing' — the peer is typing in the chat. */
export const typingPushSchema = z.object({ chatId: z.string(), userId: z.string() });
/** ch:'messages' t:'read' pushed to the peer's open chat: `readerId` has read up to `lastReadSeq`. */
export const readPushSchema = z.object({ chatId: z.string(), readerId: z.string(), lastReadSeq: z.number().int().min(0) });

/** ch:'chats' pushes (server → client). */
export const chatsPushes = {
  presenceSnapshot: z.object({ users: z.array(presenceSchema) }),
  userOnline: presenceSchema,
  userOffline: presenceSchema,
  chatCreated: z.object({ chat: chatListItemSchema }),
  chatUpdated: z.object({ chat: chatListItemSchema }),
  chatDeleted: z.object({ chatId: z.string() }),
  /** Every new message of the user's chats (own ones too); the list raises unread for others' messages. */
  newMessage: z.object({
    chatId: z.string(),
    message: chatMessageSchema,
    preview: z.object({ last: z.string().nullable(), time: z.string() }),
  }),
} as const;
