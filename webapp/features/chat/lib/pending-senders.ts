import type { PendingMessage } from './conversation-state';

export type NewPending = Omit<PendingMessage, 'createdAt' | 'status' | 'autoRetry' | 'clientId'>;

/** The composer's three kinds of message, each turned into a pending one for `queue`. */
export function pendingSenders(queue: (p: NewPending) => void) {
  return {
    sendText: (raw: string, replyToId?: string) =>
      raw.trim() ? queue({ kind: 'TEXT', text: raw.trim(), previewUrl: null, replyToId }) : undefined,
    sendPhoto: (file: File, caption?: string, replyToId?: string) =>
      queue({
        kind: 'PHOTO',
        text: caption?.trim() || null,
        file,
        previewUrl: typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null,
        replyToId,
      }),
    sendSticker: (stickerId: string, imageUrl: string) => queue({ kind: 'STICKER', text: null, stickerId, previewUrl: imageUrl }),
  };
}
