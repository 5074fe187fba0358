import { z } from 'zod';

export const CHANNELS = ['likes', 'explore', 'chats', 'messages'] as const;
export type Channel = (typeof CHANNELS)[number];

export const SOCKET_PATHS = { messages: '/ws/messages', likes: '/ws/likes' } as const;
export type SocketPath = (typeof SOCKET_PATHS)[keyof typeof SOCKET_PATHS];

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

export const errorData = (message: string) => ({ message });
