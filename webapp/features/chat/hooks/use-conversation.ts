import { useCallback, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import type { ChatInfo, ChatMessage } from '../../../../contracts/chat';
import { showToast } from '../../../components/ui/toast-store';
import { sendOnChannel } from '../../../lib/realtime/realtime-registry';
import { useSession } from '../../../lib/session/session-store';
import { lastSeqOf, mergeMessages, unconfirmed } from '../lib/conversation-state';
import { markChatReadInList } from '../lib/chat-list-link';
import type { ConversationLatest } from './conversation-latest';
import { useChatActivity, type ChatActivity } from './use-chat-activity';
import { useChatHistory } from './use-chat-history';
import { useHttpCatchUp } from './use-http-catch-up';
import { useMessagesChannel } from './use-messages-channel';
import { useOlderPages } from './use-older-pages';
import { usePendingSends, type PendingSends } from './use-pending-sends';

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
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const older = useOlderPages(chatId, setMessages);
  const { setOlderCursor } = older;
  const me = useSession((s) => (s.user ? String(s.user.telegramId) : null));
  const activity = useChatActivity(chatId);
  const latest = useRef<ConversationLatest>({ phase: 'loading', messages, readSeq: 0, connected: false, me });

  const { arrived } = activity;
  const add = useCallback(
    (incoming: ChatMessage[]) => {
      if (!incoming.length) return;
      setMessages((current) => mergeMessages(current, incoming));
      arrived(incoming, latest.current.me);
    },
    [arrived],
  );
  const sends = usePendingSends({
    chatId,
    stored: messages,
    onStored: (m) => add([m]),
    isConnected: () => latest.current.connected && navigator.onLine !== false,
  });

  const { phase, error, info, setInfo, subscribe, reload } = useChatHistory(chatId, { latestRef: latest, setMessages, setOlderCursor });
  // The newest render's values for the callbacks and effects, written after each commit (never during render);
  // declared before the screen's own layout effects, so they read them current.
  useLayoutEffect(() => {
    latest.current.messages = messages;
    latest.current.me = me;
    latest.current.phase = phase;
  });
  // Back after a drop or a sleep: catch up from the last seq and resend what the server has not confirmed (same clientId).
  const resume = () => {
    subscribe();
    sends.resend();
  };

  useMessagesChannel(chatId, {
    add,
    more: subscribe,
    rejected: (cid, message) =>
      cid.startsWith(DELETE_CID) ? showToast({ text: message ?? 'Ошибка', tone: 'error' }) : sends.reject(cid, message),
    info: setInfo,
    status: (open) => {
      latest.current.connected = open;
      activity.status(open);
    },
    peerRead: activity.peerRead,
    typing: activity.typing,
    reconnected: resume,
  });
  useHttpCatchUp(chatId, { latestRef: latest, setInfo, setMessages, setOlderCursor, add, resume });

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
    markRead: useMarkRead(chatId, latest),
    reload,
    deleteMessage: (messageId) => sendOnChannel('messages', { t: 'delete', cid: `${DELETE_CID}${messageId}`, data: { chatId, messageId } }),
    activity,
    peerReadSeq: Math.max(info?.peerReadSeq ?? 0, activity.peerReadSeq),
  };
}

/** Reports the newest message read, once per seq, and only while the app is on screen. */
function useMarkRead(chatId: string, latestRef: RefObject<ConversationLatest>) {
  return useCallback(() => {
    const seq = lastSeqOf(latestRef.current.messages);
    // Only what is on screen is read: not while the app is in the background.
    if (!seq || seq <= latestRef.current.readSeq || document.visibilityState === 'hidden') return;
    latestRef.current.readSeq = seq;
    sendOnChannel('messages', { t: 'mark_read', data: { chatId, seq } });
    markChatReadInList(chatId);
  }, [chatId, latestRef]);
}
