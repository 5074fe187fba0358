import { useCallback, useEffect, useRef, useState } from 'react';
import type { ChatMessage } from '../../../../api/contracts/chat';
import { showToast } from '../../../components/ui/toast-store';
import { ApiError } from '../../../lib/api/api-error';
import { sendOnChannel } from '../../../lib/realtime/realtime-registry';
import { newClientId, sendImage, sendSticker, uploadChatImage } from '../api/chat-api';
import { CHAT_TEXT } from '../lib/chat-text';
import { unconfirmed, type PendingMessage } from '../lib/conversation-state';
import { errorText } from '../../../lib/api/error-text';

/** No answer at all, or the server failed: worth sending again by itself once the connection is back. */
const isTransient = (err: unknown) => err instanceof ApiError && (err.status === 0 || err.status === 408 || err.status >= 500);
const messageOf = (err: unknown) => errorText(err, 'Ошибка');
const releasePreview = (p: PendingMessage) => {
  if (p.previewUrl?.startsWith('blob:')) URL.revokeObjectURL(p.previewUrl);
};

export interface PendingSends {
  pending: PendingMessage[];
  sendText(text: string, replyToId?: string): void;
  sendPhoto(file: File, caption?: string, replyToId?: string): void;
  sendSticker(stickerId: string, imageUrl: string): void;
  /** Sends a failed message again with its clientId, so the server stores it once. */
  retry(clientId: string): void;
  discard(clientId: string): void;
  /** Sends again whatever still waits (after a reconnect or when the app is back on screen). */
  resend(): void;
  /** The server refused a socket send (t:'error' carrying the message's clientId as cid). */
  reject(clientId: string, message: string | null): void;
}

interface Options {
  chatId: string;
  /** Stored messages: a pending one leaves once one of them carries its clientId. */
  stored: ChatMessage[];
  onStored(message: ChatMessage): void;
  isConnected(): boolean;
}

/** Own messages on their way: text over the socket, photos and stickers over HTTP, all resent with the same clientId. */
export function usePendingSends({ chatId, stored, onStored, isConnected }: Options): PendingSends {
  const [pending, setPending] = useState<PendingMessage[]>([]);
  const latest = useRef({ pending, onStored, isConnected });
  latest.current = { pending, onStored, isConnected };
  const inFlight = useRef(new Set<string>());
  const uploaded = useRef(new Map<string, string>());

  const update = useCallback((clientId: string, patch: Partial<PendingMessage>) => {
    setPending((list) => list.map((p) => (p.clientId === clientId ? { ...p, ...patch } : p)));
  }, []);

  useEffect(() => {
    const waiting = new Set(unconfirmed(latest.current.pending, stored).map((p) => p.clientId));
    latest.current.pending.filter((p) => !waiting.has(p.clientId)).forEach(releasePreview);
    setPending((list) => {
      const left = unconfirmed(list, stored);
      return left.length === list.length ? list : left;
    });
  }, [stored]);

  const failed = useCallback(
    (p: PendingMessage, err: unknown) => {
      const transient = isTransient(err);
      // Offline: keep the clock, the reconnect sends it; otherwise show 'Не отправлено' with 'Повторить'.
      update(p.clientId, { status: transient && !latest.current.isConnected() ? 'sending' : 'failed', autoRetry: transient });
      if (transient) return;
      if (p.kind === 'STICKER') showToast({ text: CHAT_TEXT.stickerSendError + messageOf(err), tone: 'error' });
      else console.warn('chat attachment failed', err);
    },
    [update],
  );

  const deliver = useCallback(
    async (p: PendingMessage) => {
      if (p.kind === 'TEXT') {
        sendOnChannel('messages', { t: 'send', cid: p.clientId, data: { chatId, text: p.text, clientId: p.clientId, ...(p.replyToId ? { replyToId: p.replyToId } : {}) } });
        return;
      }
      if (inFlight.current.has(p.clientId)) return;
      inFlight.current.add(p.clientId);
      try {
        let imageId = uploaded.current.get(p.clientId);
        if (p.kind === 'PHOTO' && !imageId && p.file) {
          imageId = await uploadChatImage(p.file);
          uploaded.current.set(p.clientId, imageId);
        }
        const result = p.kind === 'PHOTO' ? await sendImage(chatId, imageId ?? '', p.clientId, p.text, p.replyToId) : await sendSticker(chatId, p.stickerId ?? '', p.clientId);
        latest.current.onStored(result.message);
      } catch (err) {
        failed(p, err);
      } finally {
        inFlight.current.delete(p.clientId);
      }
    },
    [chatId, failed],
  );

  const queue = useCallback(
    (p: Omit<PendingMessage, 'createdAt' | 'status' | 'autoRetry' | 'clientId'>) => {
      const item: PendingMessage = { ...p, clientId: newClientId(), createdAt: new Date().toISOString(), status: 'sending', autoRetry: false };
      setPending((list) => [...list, item]);
      void deliver(item);
    },
    [deliver],
  );

  const retry = useCallback(
    (clientId: string) => {
      const p = latest.current.pending.find((x) => x.clientId === clientId);
      if (!p) return;
      update(clientId, { status: 'sending', autoRetry: false });
      void deliver(p);
    },
    [deliver, update],
  );

  return {
    pending,
    sendText: useCallback((raw: string, replyToId?: string) => (raw.trim() ? queue({ kind: 'TEXT', text: raw.trim(), previewUrl: null, replyToId }) : undefined), [queue]),
    sendPhoto: useCallback(
      (file: File, caption?: string, replyToId?: string) =>
        queue({ kind: 'PHOTO', text: caption?.trim() || null, file, previewUrl: typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null, replyToId }),
      [queue],
    ),
    sendSticker: useCallback((stickerId: string, imageUrl: string) => queue({ kind: 'STICKER', text: null, stickerId, previewUrl: imageUrl }), [queue]),
    retry,
    discard: useCallback((clientId: string) => {
      latest.current.pending.filter((p) => p.clientId === clientId).forEach(releasePreview);
      setPending((list) => list.filter((p) => p.clientId !== clientId));
    }, []),
    resend: useCallback(() => {
      for (const p of latest.current.pending) if (p.status === 'sending' || p.autoRetry) retry(p.clientId);
    }, [retry]),
    reject: useCallback(
      (clientId: string, message: string | null) => {
        if (!latest.current.pending.some((p) => p.clientId === clientId)) return;
        update(clientId, { status: 'failed', autoRetry: false });
        if (message) showToast({ text: message, tone: 'error' });
      },
      [update],
    ),
  };
}
