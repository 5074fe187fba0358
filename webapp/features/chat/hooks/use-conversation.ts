import { useCallback, useEffect, useRef, useState } from 'react';
import type { ChatInfo, ChatMessage } from '../../../../api/contracts/chat';
import { showToast } from '../../../components/ui/toast-store';
import { sendOnChannel } from '../../../lib/realtime/realtime-registry';
import { fetchChatInfo, fetchHistory } from '../api/chat-api';
import { joinLatest, lastSeqOf, mergeMessages, unconfirmed } from '../lib/conversation-state';
import { useSession } from '../../../lib/session/session-store';
import { useChatList } from '../stores/chat-list-store';
import { useCatchUp } from './use-catch-up';
import { useChatActivity, type ChatActivity } from './use-chat-activity';
import { useMessagesChannel } from './use-messages-channel';
import { useOlderPages } from './use-older-pages';
import { usePendingSends, type PendingSends } from './use-pending-sends';
import { errorText as failureText } from '../../../lib/api/error-text';

const errorText = (err: unknown) => failureText(err, 'Ошибка');

export interface Conversation extends Omit<PendingSends, 'reject' | 'resend'> {
  phase: 'loading' | 'ready' | 'error';
  error: string | null;
  info: ChatInfo | null;
  messages: ChatMessage[];
  hasOlder: boolean;
  loadingOlder: boolean;
  loadOlder(): Promise<void>;
  markRead(): void;
  reload(): void;
  /** Deletes one's own message for both sides. */
  deleteMessage(messageId: string): void;
  activity: Pick<ChatActivity, 'connected' | 'peerTyping' | 'notifyTyping'>;
  /** The viewer's messages up to this seq were read by the peer (✓✓). */
  peerReadSeq: number;
}

const DELETE_CID = 'del-';

/** One chat: history over HTTP, live messages over ch:'messages', catch-up after a drop or a sleep (end-user.md §2 Chat). */
export function useConversation(chatId: string): Conversation {
  const [phase, setPhase] = useState<Conversation['phase']>('loading');
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<ChatInfo | null>(null);
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const older = useOlderPages(chatId, setMessages);
  const { setOlderCursor } = older;
  const [attempt, setAttempt] = useState(0);
  const me = useSession((s) => (s.user ? String(s.user.telegramId) : null));
  const activity = useChatActivity(chatId);
  const latest = useRef({ phase, messages, readSeq: 0, connected: false, me });
  latest.current.phase = phase;
  latest.current.messages = messages;
  latest.current.me = me;

  const { arrived } = activity;
  const add = useCallback(
    (incoming: ChatMessage[]) => {
      if (!incoming.length) return;
      setMessages((current) => mergeMessages(current, incoming));
      arrived(incoming, latest.current.me);
    },
    [arrived],
  );
  const sends = usePendingSends({ chatId, stored: messages, onStored: (m) => add([m]), isConnected: () => latest.current.connected && navigator.onLine !== false });

  const subscribe = useCallback(
    (afterSeq = lastSeqOf(latest.current.messages)) => {
      sendOnChannel('messages', { t: 'subscribe', cid: `sub-${chatId}`, data: afterSeq ? { chatId, afterSeq } : { chatId } });
    },
    [chatId],
  );

  useEffect(() => {
    let alive = true;
    setPhase('loading');
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

  useMessagesChannel(chatId, {
    add,
    more: subscribe,
    rejected: (cid, message) => (cid.startsWith(DELETE_CID) ? showToast({ text: message ?? 'Ошибка', tone: 'error' }) : sends.reject(cid, message)),
    info: setInfo,
    status: (open) => {
      latest.current.connected = open;
      activity.status(open);
    },
    peerRead: activity.peerRead,
    typing: activity.typing,
    // Back after a drop: catch up from the last seq and resend what the server has not confirmed (same clientId).
    reconnected: () => {
      subscribe();
      sends.resend();
    },
  });

  // Back on screen after a sleep: the socket may be half-dead, so the newest page and the header come over HTTP too.
  useCatchUp(() => {
    if (latest.current.phase !== 'ready') return;
    subscribe();
    sends.resend();
    Promise.all([fetchChatInfo(chatId), fetchHistory(chatId)]).then(([chatInfo, page]) => {
      setInfo(chatInfo);
      if (!joinLatest(latest.current.messages, page.messages, page.nextCursor !== null).replaced) return add(page.messages);
      const newest = lastSeqOf(page.messages);
      setMessages((current) => mergeMessages(page.messages, current.filter((m) => m.seq > newest)));
      setOlderCursor(page.nextCursor);
    }, () => undefined);
  });


  const markRead = useCallback(() => {
    const seq = lastSeqOf(latest.current.messages);
    // Only what is on screen is read: not while the app is in the background.
    if (!seq || seq <= latest.current.readSeq || document.visibilityState === 'hidden') return;
    latest.current.readSeq = seq;
    sendOnChannel('messages', { t: 'mark_read', data: { chatId, seq } });
    useChatList.getState().markReadLocal(chatId);
  }, [chatId]);

  return {
    sendText: sends.sendText,
    sendPhoto: sends.sendPhoto,
    sendSticker: sends.sendSticker,
    retry: sends.retry,
    discard: sends.discard,
    phase,
    error,
    info,
    messages,
    pending: unconfirmed(sends.pending, messages),
    hasOlder: older.hasOlder,
    loadingOlder: older.loadingOlder,
    loadOlder: older.loadOlder,
    markRead,
    reload: () => setAttempt((n) => n + 1),
    deleteMessage: (messageId) => sendOnChannel('messages', { t: 'delete', cid: `${DELETE_CID}${messageId}`, data: { chatId, messageId } }),
    activity,
    peerReadSeq: Math.max(info?.peerReadSeq ?? 0, activity.peerReadSeq),
  };
}
