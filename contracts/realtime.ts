// In zod/mini: the mini app's frame (webapp/lib/realtime) parses every socket message with these, and start-up waits for
// the frame, which must not need zod classic (issue 39).
import * as z from 'zod/mini';

const CHANNELS = ['likes', 'explore', 'chats', 'messages', 'moderation'] as const;
export type Channel = (typeof CHANNELS)[number];

export const SOCKET_PATHS = { messages: '/ws/messages', likes: '/ws/likes' } as const;
export type SocketPath = (typeof SOCKET_PATHS)[keyof typeof SOCKET_PATHS];

/** What a client may send on each channel; the handlers answer anything else with an error. */
export const CLIENT_MESSAGE_TYPES = {
  likes: ['get_received', 'get_sent', 'get_stats', 'seen', 'action'],
  explore: ['next', 'like', 'dislike'],
  chats: ['presenceSnapshot'],
  messages: ['subscribe', 'unsubscribe', 'send', 'mark_read', 'chat_info', 'typing', 'delete'],
  // Staff only hear on it (pushes), they never send.
  moderation: [],
} as const satisfies Record<Channel, readonly string[]>;

/** Every WebSocket message on both sockets has this shape (AMENDMENTS §3). */
const shortText = () => z.string().check(z.minLength(1), z.maxLength(64));
export const envelopeSchema = z.object({
  ch: z.enum(CHANNELS),
  t: shortText(),
  cid: z.optional(shortText()),
  data: z.optional(z.unknown()),
});
export type Envelope = z.infer<typeof envelopeSchema>;

export interface OutgoingEnvelope<T = unknown> {
  ch: Channel | 'system';
  t: string;
  cid?: string;
  data: T;
}

/** Data of every t:'error' reply; retryAfter (seconds) when the action was rate limited. */
/** A socket error's data: the text to show and, for a rate limit, when to try again (seconds). */
export interface ErrorData {
  message: string;
  retryAfter?: number;
}
export const errorData = (message: string, retryAfter?: number): ErrorData =>
  retryAfter === undefined ? { message } : { message, retryAfter };

/** ch:'moderation' on /ws/likes (staff only): what waits, pushed on every change to the queues. */
export const moderationCountsPushSchema = z.object({
  counts: z.object({
    INITIAL: z.int(),
    PROFILE_DESCRIPTION: z.int(),
    PROFILE_EDIT: z.int(),
    PHOTOS: z.int(),
    reports: z.int(),
  }),
});
const pushReviewerSchema = z.nullable(z.object({ telegramId: z.int(), label: z.string() }));
/** t:'item_decided': an item was decided anywhere (panel, bot, a service); `reviewer` null for the system. */
export const itemDecidedPushSchema = z.object({
  itemId: z.int(),
  status: z.enum(['APPROVED', 'REJECTED', 'DISCREPANT']),
  reason: z.nullable(z.string()),
  reviewer: pushReviewerSchema,
  resolvedAt: z.nullable(z.string()),
});
/** t:'report_decided': a report was decided (reports about staff reach admins only). */
export const reportDecidedPushSchema = z.object({
  reportId: z.int(),
  status: z.enum(['REJECTED', 'BLOCKED', 'WARNED', 'MESSAGE_REMOVED']),
  reviewer: pushReviewerSchema,
  resolvedAt: z.nullable(z.string()),
});
export type ItemDecidedPush = z.infer<typeof itemDecidedPushSchema>;
export type ReportDecidedPush = z.infer<typeof reportDecidedPushSchema>;
