import { z } from 'zod';

export const CHANNELS = ['likes', 'explore', 'chats', 'messages'] as const;
export type Channel = (typeof CHANNELS)[number];

export const SOCKET_PATHS = { messages: '/ws/messages', likes: '/ws/likes' } as const;
export type SocketPath = (typeof SOCKET_PATHS)[keyof typeof SOCKET_PATHS];

/** What a client may send on each channel; the handlers answer anything else with an error. */
export const CLIENT_MESSAGE_TYPES = {
  likes: ['get_received', 'get_sent', 'get_stats', 'action'],
  explore: ['next', 'like', 'dislike'],
  chats: ['presenceSnapshot'],
  messages: ['subscribe', 'unsubscribe', 'send', 'mark_read', 'chat_info'],
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
export const errorDataSchema = z.object({ message: z.string(), retryAfter: z.number().int().positive().optional() });
export type ErrorData = z.infer<typeof errorDataSchema>;
export const errorData = (message: string, retryAfter?: number): ErrorData => (retryAfter === undefined ? { message } : { message, retryAfter });
