import type { RefObject } from 'react';
import type { ChatInfo, ChatMessage } from '../../../../contracts/chat';
import { fetchChatInfo, fetchHistory } from '../api/chat-api';
import { joinLatest, lastSeqOf, mergeMessages } from '../lib/conversation-state';
import type { ConversationLatest, SetMessages } from './conversation-latest';
import { useCatchUp } from './use-catch-up';

interface Options {
  latestRef: RefObject<ConversationLatest>;
  setInfo(info: ChatInfo): void;
  setMessages: SetMessages;
  setOlderCursor(cursor: string | null): void;
  add(messages: ChatMessage[]): void;
  /** The socket side of catching up: subscribe from the last seq and resend what waits. */
  resume(): void;
}

/** Back on screen after a sleep: the socket may be half-dead, so the newest page and the header come over HTTP too. */
export function useHttpCatchUp(chatId: string, { latestRef, setInfo, setMessages, setOlderCursor, add, resume }: Options) {
  useCatchUp(() => {
    if (latestRef.current.phase !== 'ready') return;
    resume();
    Promise.all([fetchChatInfo(chatId), fetchHistory(chatId)]).then(
      ([chatInfo, page]) => {
        setInfo(chatInfo);
        if (!joinLatest(latestRef.current.messages, page.messages, page.nextCursor !== null).replaced) return add(page.messages);
        const newest = lastSeqOf(page.messages);
        setMessages((current) =>
          mergeMessages(
            page.messages,
            current.filter((m) => m.seq > newest),
          ),
        );
        setOlderCursor(page.nextCursor);
      },
      () => undefined,
    );
  });
}
