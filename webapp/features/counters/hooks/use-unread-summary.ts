import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { showToast } from '../../../components/ui/toast-store';
import { pluralRu } from '../../../lib/plural-ru';
import type { UnreadCounts } from '../../../lib/counters/fetch-unread-counts';
import { useUnread } from '../../../lib/counters/unread-store';

/** end-user.md §9: the unread summary toast stays 5 s. */
export const UNREAD_SUMMARY_MS = 5000;

export function unreadSummaryText({ messages, likes }: UnreadCounts): string | null {
  const parts = [
    messages > 0
      ? `${messages} ${pluralRu(messages, ['непрочитанное сообщение', 'непрочитанных сообщения', 'непрочитанных сообщений'])}`
      : '',
    likes > 0 ? `${likes} ${pluralRu(likes, ['новый лайк', 'новых лайка', 'новых лайков'])}` : '',
  ].filter(Boolean);
  return parts.length > 0 ? `У вас ${parts.join(' и ')}` : null;
}

/** Once per launch, after the first counter poll: what is waiting, with a way to it (chats first). */
export function useUnreadSummary(): void {
  const navigate = useNavigate();
  const shown = useRef(false);
  useEffect(() => {
    const unsubscribe = useUnread.subscribe((state) => {
      if (shown.current || !state.polled) return;
      shown.current = true;
      unsubscribe();
      const text = unreadSummaryText(state);
      if (!text) return;
      const to = state.messages > 0 ? '/chat' : '/likes';
      showToast({ text, durationMs: UNREAD_SUMMARY_MS, action: { label: 'Открыть', onPress: () => navigate(to) } });
    });
    return unsubscribe;
  }, [navigate]);
}
