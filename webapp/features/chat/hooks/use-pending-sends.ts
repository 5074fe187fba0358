import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { ChatMessage } from '../../../../contracts/chat';
import { showToast } from '../../../components/ui/toast-store';
import { newClientId } from '../api/chat-api';
import { unconfirmed, type PendingMessage } from '../lib/conversation-state';
import { pendingSenders, type NewPending } from '../lib/pending-senders';
import { useDeliver } from './use-deliver';

const releasePreview = (p: PendingMessage) => {
  if (p.previewUrl?.startsWith('blob:')) URL.revokeObjectURL(p.previewUrl);
};

/**
 * Stored messages came: the pending ones they confirm leave the list (adjusted while rendering), and the photo
 * previews of messages that left it are let go (discarding one lets its preview go at once).
 */
function useConfirmedLeave(stored: ChatMessage[], pending: PendingMessage[], setPending: (list: PendingMessage[]) => void): void {
  const [prunedFor, setPrunedFor] = useState(stored);
  if (prunedFor !== stored) {
    setPrunedFor(stored);
    const left = unconfirmed(pending, stored);
    if (left.length !== pending.length) setPending(left);
  }
  const listed = useRef(pending);
  useEffect(() => {
    const still = new Set(pending.map((p) => p.clientId));
    listed.current.filter((p) => !still.has(p.clientId)).forEach(releasePreview);
    listed.current = pending;
  }, [pending]);
}

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
  // The newest values for the callbacks below, written after each commit (never during render).
  const latest = useRef({ pending, onStored, isConnected });
  useLayoutEffect(() => {
    latest.current = { pending, onStored, isConnected };
  });

  const update = useCallback((clientId: string, patch: Partial<PendingMessage>) => {
    setPending((list) => list.map((p) => (p.clientId === clientId ? { ...p, ...patch } : p)));
  }, []);
  const deliver = useDeliver(chatId, latest, update);

  useConfirmedLeave(stored, pending, setPending);

  const queue = useCallback(
    (p: NewPending) => {
      const item: PendingMessage = {
        ...p,
        clientId: newClientId(),
        createdAt: new Date().toISOString(),
        status: 'sending',
        autoRetry: false,
      };
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
    ...useMemo(() => pendingSenders(queue), [queue]),
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
