import { useCallback, useRef, type RefObject } from 'react';
import type { ChatMessage } from '../../../../contracts/chat';
import { SCREENING_ERRORS } from '../../../../contracts/screening';
import { showToast } from '../../../components/ui/toast-store';
import { ApiError, isApiError } from '../../../lib/api/api-error';
import { errorText } from '../../../lib/api/error-text';
import { sendOnChannel } from '../../../lib/realtime/realtime-registry';
import { sendImage, sendSticker, uploadChatImage } from '../api/chat-api';
import { CHAT_TEXT } from '../lib/chat-text';
import type { PendingMessage } from '../lib/conversation-state';

/** No answer at all, or the server failed: worth sending again by itself once the connection is back. */
const isTransient = (err: unknown) => err instanceof ApiError && (err.status === 0 || err.status === 408 || err.status >= 500);
const messageOf = (err: unknown) => errorText(err, 'Ошибка');

export interface DeliverContext {
  onStored(message: ChatMessage): void;
  isConnected(): boolean;
}

/** Sends one pending message: text over the socket, photos and stickers over HTTP (an image is uploaded once per clientId). */
export function useDeliver(
  chatId: string,
  contextRef: RefObject<DeliverContext>,
  update: (clientId: string, patch: Partial<PendingMessage>) => void,
): (p: PendingMessage) => Promise<void> {
  const inFlight = useRef(new Set<string>());
  const uploaded = useRef(new Map<string, string>());

  const failed = useCallback(
    (p: PendingMessage, err: unknown) => {
      if (p.kind === 'PHOTO' && isApiError(err, SCREENING_ERRORS.photoRefused))
        return update(p.clientId, { status: 'failed', autoRetry: false, refusal: CHAT_TEXT.photoRefused });
      const transient = isTransient(err);
      // Offline: keep the clock, the reconnect sends it; otherwise show 'Не отправлено' with 'Повторить'.
      update(p.clientId, { status: transient && !contextRef.current.isConnected() ? 'sending' : 'failed', autoRetry: transient });
      if (transient) return;
      if (p.kind === 'STICKER') showToast({ text: CHAT_TEXT.stickerSendError + messageOf(err), tone: 'error' });
      else console.warn('chat attachment failed', err);
    },
    [contextRef, update],
  );

  return useCallback(
    async (p: PendingMessage) => {
      if (p.kind === 'TEXT') {
        sendOnChannel('messages', {
          t: 'send',
          cid: p.clientId,
          data: { chatId, text: p.text, clientId: p.clientId, ...(p.replyToId ? { replyToId: p.replyToId } : {}) },
        });
        return;
      }
      if (inFlight.current.has(p.clientId)) return;
      inFlight.current.add(p.clientId);
      try {
        let imageId = uploaded.current.get(p.clientId);
        if (p.kind === 'PHOTO' && !imageId && p.file) {
          imageId = await uploadChatImage(p.file, chatId);
          uploaded.current.set(p.clientId, imageId);
        }
        const result =
          p.kind === 'PHOTO'
            ? await sendImage(chatId, imageId ?? '', p.clientId, p.text, p.replyToId)
            : await sendSticker(chatId, p.stickerId ?? '', p.clientId);
        contextRef.current.onStored(result.message);
      } catch (err) {
        failed(p, err);
      } finally {
        inFlight.current.delete(p.clientId);
      }
    },
    [chatId, contextRef, failed],
  );
}
