import { useCallback, useEffect, useRef, useState } from 'react';
import { chatInfoSchema, messagePushSchema, presenceSchema, sentDataSchema, subscribedDataSchema, type ChatInfo, type ChatMessage } from '../../../../api/contracts/chat';
import type { Envelope } from '../../../../api/contracts/realtime';
import { showToast } from '../../../components/ui/toast-store';
import { ApiError } from '../../../lib/api/api-error';
import { sendOnChannel } from '../../../lib/realtime/realtime-registry';
import { useChannel } from '../../../lib/realtime/use-channel';
import { useUnread } from '../../counters/stores/unread-store';
import { fetchChatInfo, fetchHistory, newClientId, sendImage, sendSticker } from '../api/chat-api';
import { lastSeqOf, mergeMessages, unconfirmed, type PendingMessage } from '../lib/conversation-state';
import { useChatList } from '../stores/chat-list-store';

const errorText = (err: unknown) => (err instanceof ApiError || err instanceof Error ? err.message : 'Ошибка');

export interface Conversation {
  phase: 'loading' | 'ready' | 'error';
  error: string | null;
  info: ChatInfo | null;
  messages: ChatMessage[];
  pending: PendingMessage[];
  hasOlder: boolean;
  loadingOlder: boolean;
  loadOlder(): Promise<void>;
  sendText(text: string): void;
  sendPhoto(file: File): Promise<void>;
  sendSticker(stickerId: string, imageUrl: string): Promise<void>;
  markRead(): void;
  reload(): void;
}

/** One chat: history over HTTP, live messages and sends over ch:'messages' (end-user.md §2 Chat, §7 /ws/messages). */
export function useConversation(chatId: string): Conversation {
  const [phase, setPhase] = useState<Conversation['phase']>('loading');
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<ChatInfo | null>(null);
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [pending, setPending] = useState<PendingMessage[]>([]);
  const [olderCursor, setOlderCursor] = useState<string | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const latest = useRef({ messages, pending, readSeq: 0, wasClosed: false });
  latest.current.messages = messages;
  latest.current.pending = pending;

  const add = useCallback((incoming: ChatMessage[]) => {
    if (!incoming.length) return;
    setMessages((current) => mergeMessages(current, incoming));
    const ids = new Set(incoming.map((m) => m.clientId));
    setPending((current) => current.filter((p) => !ids.has(p.clientId)));
  }, []);

  const subscribe = useCallback((afterSeq = lastSeqOf(latest.current.messages)) => {
    sendOnChannel('messages', { t: 'subscribe', cid: `sub-${chatId}`, data: afterSeq ? { chatId, afterSeq } : { chatId } });
  }, [chatId]);

  useEffect(() => {
    let alive = true;
    setPhase('loading');
    setMessages([]);
    setInfo(null);
    latest.current.readSeq = 0;
    Promise.all([fetchChatInfo(chatId), fetchHistory(chatId)]).then(
      ([chatInfo, history]) => {
        if (!alive) return;
        setInfo(chatInfo);
        latest.current.readSeq = chatInfo.lastReadSeq;
        setMessages((current) => mergeMessages(history.messages, current));
        setOlderCursor(history.nextCursor);
        setPhase('ready');
        subscribe(Math.max(lastSeqOf(history.messages), lastSeqOf(latest.current.messages)));
      },
      (err: unknown) => {
        if (!alive) return;
        setError(errorText(err));
        setPhase('error');
      },
    );
    return () => {
      alive = false;
      sendOnChannel('messages', { t: 'unsubscribe', data: { chatId } });
    };
  }, [chatId, attempt, subscribe]);

  const resendPending = useCallback(() => {
    for (const p of latest.current.pending) {
      if (p.kind === 'TEXT' && p.text) sendOnChannel('messages', { t: 'send', cid: p.clientId, data: { chatId, text: p.text, clientId: p.clientId } });
    }
  }, [chatId]);

  const onMessage = (envelope: Envelope) => {
    const { t, data } = envelope;
    if (t === 'subscribed') {
      const parsed = subscribedDataSchema.safeParse(data);
      if (!parsed.success || parsed.data.chatId !== chatId) return;
      add(parsed.data.messages);
      if (parsed.data.hasMore) sendOnChannel('messages', { t: 'subscribe', cid: `sub-${chatId}`, data: { chatId, afterSeq: lastSeqOf(parsed.data.messages) } });
    } else if (t === 'message') {
      const parsed = messagePushSchema.safeParse(data);
      if (parsed.success && parsed.data.chatId === chatId) add([parsed.data.message]);
    } else if (t === 'sent') {
      const parsed = sentDataSchema.safeParse(data);
      if (parsed.success && parsed.data.message.chatId === chatId) add([parsed.data.message]);
    } else if (t === 'error' && envelope.cid && latest.current.pending.some((p) => p.clientId === envelope.cid)) {
      const message = (data as { message?: unknown } | undefined)?.message;
      setPending((current) => current.map((p) => (p.clientId === envelope.cid ? { ...p, failed: true } : p)));
      if (typeof message === 'string') showToast({ text: message, tone: 'error' });
    } else if (t === 'presence') {
      const parsed = presenceSchema.safeParse(data);
      if (parsed.success && parsed.data.chatId === chatId) setInfo((i) => i && { ...i, isOnline: parsed.data.isOnline, lastSeen: parsed.data.lastSeen ?? i.lastSeen });
    } else if (t === 'chat_info') {
      const parsed = chatInfoSchema.safeParse(data);
      if (parsed.success && parsed.data.chatId === chatId) setInfo(parsed.data);
    } else if (t === 'read') {
      const total = (data as { totalUnreadCount?: unknown } | undefined)?.totalUnreadCount;
      if (typeof total === 'number') useUnread.getState().set({ messages: Math.max(0, total) });
    }
  };

  useChannel('messages', onMessage, (status) => {
    if (status === 'closed') latest.current.wasClosed = true;
    else if (latest.current.wasClosed) {
      // Back after a drop: catch up from the last seq and resend what the server has not confirmed (same clientId).
      latest.current.wasClosed = false;
      subscribe();
      resendPending();
    }
  });

  const loadOlder = useCallback(async () => {
    if (!olderCursor || loadingOlder) return;
    setLoadingOlder(true);
    try {
      const page = await fetchHistory(chatId, olderCursor);
      setMessages((current) => mergeMessages(current, page.messages));
      setOlderCursor(page.nextCursor);
    } catch (err) {
      showToast({ text: errorText(err), tone: 'error' });
    } finally {
      setLoadingOlder(false);
    }
  }, [chatId, olderCursor, loadingOlder]);

  const queue = (p: Omit<PendingMessage, 'createdAt' | 'failed'>) =>
    setPending((current) => [...current, { ...p, createdAt: new Date().toISOString(), failed: false }]);

  const sendText = useCallback(
    (raw: string) => {
      const text = raw.trim();
      if (!text) return;
      const clientId = newClientId();
      queue({ clientId, kind: 'TEXT', text, previewUrl: null });
      sendOnChannel('messages', { t: 'send', cid: clientId, data: { chatId, text, clientId } });
    },
    [chatId],
  );

  const viaHttp = async (p: Omit<PendingMessage, 'createdAt' | 'failed'>, run: () => Promise<{ message: ChatMessage }>) => {
    queue(p);
    try {
      add([(await run()).message]);
    } catch (err) {
      setPending((current) => current.filter((x) => x.clientId !== p.clientId));
      showToast({ text: errorText(err), tone: 'error' });
    }
  };

  const sendPhoto = (file: File) => {
    const clientId = newClientId();
    const previewUrl = typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null;
    return viaHttp({ clientId, kind: 'PHOTO', text: null, previewUrl }, () => sendImage(chatId, file, clientId));
  };

  const sendStickerMessage = (stickerId: string, imageUrl: string) => {
    const clientId = newClientId();
    return viaHttp({ clientId, kind: 'STICKER', text: null, previewUrl: imageUrl }, () => sendSticker(chatId, stickerId, clientId));
  };

  const markRead = useCallback(() => {
    const seq = lastSeqOf(latest.current.messages);
    if (!seq || seq <= latest.current.readSeq) return;
    latest.current.readSeq = seq;
    sendOnChannel('messages', { t: 'mark_read', data: { chatId, seq } });
    useChatList.getState().markReadLocal(chatId);
  }, [chatId]);

  return {
    phase,
    error,
    info,
    messages,
    pending: unconfirmed(pending, messages),
    hasOlder: olderCursor !== null,
    loadingOlder,
    loadOlder,
    sendText,
    sendPhoto,
    sendSticker: sendStickerMessage,
    markRead,
    reload: () => setAttempt((n) => n + 1),
  };
}
