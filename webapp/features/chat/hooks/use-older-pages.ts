import { useCallback, useState } from 'react';
import type { ChatMessage } from '../../../../contracts/chat';
import { showToast } from '../../../components/ui/toast-store';
import { fetchHistory } from '../api/chat-api';
import { mergeMessages } from '../lib/conversation-state';

export interface OlderPages {
  hasOlder: boolean;
  loadingOlder: boolean;
  loadOlder(): Promise<void>;
  /** Where the next older page starts (the newest page's nextCursor), or null at the chat's beginning. */
  setOlderCursor(cursor: string | null): void;
}

/** The history above what is shown, a page at a time, merged into the conversation's messages. */
export function useOlderPages(chatId: string, setMessages: (update: (current: ChatMessage[]) => ChatMessage[]) => void): OlderPages {
  const [olderCursor, setOlderCursor] = useState<string | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const loadOlder = useCallback(async () => {
    if (!olderCursor || loadingOlder) return;
    setLoadingOlder(true);
    try {
      const page = await fetchHistory(chatId, olderCursor);
      setMessages((current) => mergeMessages(current, page.messages));
      setOlderCursor(page.nextCursor);
    } catch (err) {
      showToast({ text: err instanceof Error && err.message ? err.message : 'Ошибка', tone: 'error' });
    } finally {
      setLoadingOlder(false);
    }
  }, [chatId, olderCursor, loadingOlder, setMessages]);
  return { hasOlder: olderCursor !== null, loadingOlder, loadOlder, setOlderCursor };
}
