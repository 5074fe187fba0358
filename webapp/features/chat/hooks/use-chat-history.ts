import { useCallback, useEffect, useState, type RefObject } from 'react';
import type { ChatInfo } from '../../../../contracts/chat';
import { errorText as failureText } from '../../../lib/api/error-text';
import { sendOnChannel } from '../../../lib/realtime/realtime-registry';
import { fetchChatInfo, fetchHistory } from '../api/chat-api';
import { lastSeqOf, mergeMessages } from '../lib/conversation-state';
import type { ConversationLatest, SetMessages } from './conversation-latest';

const errorText = (err: unknown) => failureText(err, 'Ошибка');

interface Options {
  latestRef: RefObject<ConversationLatest>;
  setMessages: SetMessages;
  setOlderCursor(cursor: string | null): void;
}

/** The chat's header and newest page over HTTP, then the live subscription (`subscribe`); again on `reload`. Unsubscribes on leave. */
export function useChatHistory(chatId: string, { latestRef, setMessages, setOlderCursor }: Options) {
  const [phase, setPhase] = useState<ConversationLatest['phase']>('loading');
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<ChatInfo | null>(null);
  const [attempt, setAttempt] = useState(0);
  // Asks the socket for what came after `afterSeq` (by default, after the newest message shown).
  const subscribe = useCallback(
    (afterSeq = lastSeqOf(latestRef.current.messages)) => {
      sendOnChannel('messages', { t: 'subscribe', cid: `sub-${chatId}`, data: afterSeq ? { chatId, afterSeq } : { chatId } });
    },
    [chatId, latestRef],
  );

  // Another chat: loading again at once, adjusted while rendering (a retry says so in its handler).
  const [shownChat, setShownChat] = useState(chatId);
  if (shownChat !== chatId) {
    setShownChat(chatId);
    setPhase('loading');
  }

  useEffect(() => {
    let alive = true;
    latestRef.current.readSeq = 0;
    Promise.all([fetchChatInfo(chatId), fetchHistory(chatId)]).then(
      ([chatInfo, history]) => {
        if (!alive) return;
        setInfo(chatInfo);
        latestRef.current.readSeq = chatInfo.lastReadSeq;
        setMessages((current) => mergeMessages(history.messages, current));
        setOlderCursor(history.nextCursor);
        setPhase('ready');
        subscribe(Math.max(lastSeqOf(history.messages), lastSeqOf(latestRef.current.messages)));
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
  }, [chatId, attempt, subscribe, latestRef, setMessages, setOlderCursor]);

  const reload = () => {
    setPhase('loading');
    setAttempt((n) => n + 1);
  };
  return { phase, error, info, setInfo, subscribe, reload };
}
