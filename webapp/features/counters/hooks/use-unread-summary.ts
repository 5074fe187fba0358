import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { dismissToast, showToast } from '../../../components/ui/toast-store';
import { pluralRu } from '../../../lib/plural-ru';
import type { UnreadCounts } from '../../../lib/counters/fetch-unread-counts';
import { useUnread } from '../../../lib/counters/unread-store';

/** end-user.md §9: the unread summary toast stays 5 s. */
const UNREAD_SUMMARY_MS = 5000;

function unreadSummaryText({ messages, likes }: UnreadCounts): string | null {
  const parts = [
    messages > 0
      ? `${messages} ${pluralRu(messages, ['непрочитанное сообщение', 'непрочитанных сообщения', 'непрочитанных сообщений'])}`
      : '',
    likes > 0 ? `${likes} ${pluralRu(likes, ['новый лайк', 'новых лайка', 'новых лайков'])}` : '',
  ].filter(Boolean);
  return parts.length > 0 ? `У вас ${parts.join(' и ')}` : null;
}

/** What the summary tells on this screen: nothing about what the screen itself already shows (likes on /likes, chats on the chats). */
function summaryCountsOn(pathname: string, { messages, likes }: UnreadCounts): UnreadCounts {
  const onChats = pathname === '/chat' || pathname.startsWith('/messages/');
  return { messages: onChats ? 0 : messages, likes: pathname === '/likes' ? 0 : likes };
}

/** Once per launch, after the first counter poll: what is waiting elsewhere, with a way to it (chats first). */
export function useUnreadSummary(): void {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const where = useRef(pathname);
  useLayoutEffect(() => {
    where.current = pathname;
  });
  const shown = useRef(false);
  const toast = useRef<{ id: number; counts: UnreadCounts } | null>(null);
  // Gone once a screen it tells about opens, by its button or a tab.
  useEffect(() => {
    const told = toast.current;
    if (told && unreadSummaryText(summaryCountsOn(pathname, told.counts)) !== unreadSummaryText(told.counts)) dismissToast(told.id);
  }, [pathname]);
  useEffect(() => {
    const unsubscribe = useUnread.subscribe((state) => {
      if (shown.current || !state.polled) return;
      shown.current = true;
      unsubscribe();
      const counts = summaryCountsOn(where.current, state);
      const text = unreadSummaryText(counts);
      if (!text) return;
      const to = counts.messages > 0 ? '/chat' : '/likes';
      const id = showToast({ text, durationMs: UNREAD_SUMMARY_MS, action: { label: 'Открыть', onPress: () => navigate(to) } });
      toast.current = { id, counts };
    });
    return unsubscribe;
  }, [navigate]);
}
