import { z } from 'zod';

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
export const envelopeSchema = z.object({
  ch: z.enum(CHANNELS),
  t: z.string().min(1).max(64),
  cid: z.string().min(1).max(64).optional(),
  data: z.unknown().optional(),
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
    INITIAL: z.number().int(),
    PROFILE_DESCRIPTION: z.number().int(),
    PROFILE_EDIT: z.number().int(),
    PHOTOS: z.number().int(),
    reports: z.number().int(),
  }),
});
const pushReviewerSchema = z.object({ telegramId: z.number().int(), label: z.string() }).nullable();
/** t:'item_decided': an item was decided anywhere (panel, bot, a service); `reviewer` null for the system. */
export const itemDecidedPushSchema = z.object({
  itemId: z.number().int(),
  status: z.enum(['APPROVED', 'REJECTED', 'DISCREPANT']),
  reason: z.string().nullable(),
  reviewer: pushReviewerSchema,
  resolvedAt: z.string().nullable(),
});
/** t:'report_decided': a report was decided (reports about staff reach admins only). */
export const reportDecidedPushSchema = z.object({
  reportId: z.number().int(),
  status: z.enum(['REJECTED', 'BLOCKED', 'WARNED', 'MESSAGE_REMOVED']),
  reviewer: pushReviewerSchema,
  resolvedAt: z.string().nullable(),
});
export type ItemDecidedPush = z.infer<typeof itemDecidedPushSchema>;
export type ReportDecidedPush = z.infer<typeof reportDecidedPushSchema>;
