import { keepPreviousData, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { HistoryFilter, HistoryItem, HistoryResponse } from '../../../../contracts/likes';
import { confirmAction } from '../../../components/ui/confirm-store';
import { showToast } from '../../../components/ui/toast-store';
import { clearOldLikes, fetchLikesHistory } from '../api/likes-history-api';
import { LIKES_TEXT } from '../lib/likes-text';

export type HistoryCounts = Omit<HistoryResponse, 'ok' | 'likes' | 'pagination'>;

interface HistoryState {
  filter: HistoryFilter;
  items: HistoryItem[];
  counts: HistoryCounts | null;
  hasNext: boolean;
  loading: boolean;
  error: string | null;
}

/** The query key of one tab's pages; every tab's is under ['likes', 'history']. */
const historyKey = (filter: HistoryFilter) => ['likes', 'history', filter] as const;

/**
 * end-user.md §4 Likes history: each tab is an infinite query of numbered pages; 'Загрузить ещё' asks for the next
 * page while hasNext. Another tab shows its own pages (the counts of the last answer stay shown while it loads), and
 * an answer for a tab no longer shown never fills the list.
 */
export function useLikesHistory() {
  const [filter, setFilter] = useState<HistoryFilter>('received-likes');
  const queryClient = useQueryClient();
  const query = useInfiniteQuery({
    queryKey: historyKey(filter),
    queryFn: ({ pageParam, signal }) => fetchLikesHistory(filter, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.pagination.hasNext ? pages.length + 1 : undefined),
    placeholderData: keepPreviousData,
  });
  const clear = useMutation({
    mutationFn: clearOldLikes,
    onSuccess: (result) => {
      showToast({ text: result.message, tone: 'success' });
      // Every tab counts the removed likes: all start again from page 1.
      void queryClient.resetQueries({ queryKey: ['likes', 'history'] });
    },
    onError: () => showToast({ text: LIKES_TEXT.clearError, tone: 'error' }),
  });

  const { data, isPlaceholderData, isFetching, isError, hasNextPage } = query;
  const last = data?.pages.at(-1);
  const counts: HistoryCounts | null = last ? (({ likes: _l, pagination: _p, ok: _ok, ...rest }) => rest)(last) : null;
  const state: HistoryState = {
    filter,
    items: isPlaceholderData || !data ? [] : data.pages.flatMap((p) => p.likes),
    counts,
    hasNext: !isPlaceholderData && hasNextPage,
    loading: isFetching,
    error: isError && !isFetching ? LIKES_TEXT.historyError : null,
  };

  const clearOld = async () => {
    const ok = await confirmAction({
      title: 'Удалить старые лайки?',
      // The action keeps likes that became matches (their chats live on them), so the text must say so.
      message:
        'Будут удалены ваши лайки старше 2 недель, оставшиеся без ответа. Это действие нельзя отменить. Лайки, ставшие матчами, и полученные лайки останутся.',
      confirmText: 'Удалить',
      destructive: true,
    });
    if (ok) await clear.mutateAsync().catch(() => undefined);
  };

  return {
    state,
    selectTab: setFilter,
    loadMore: () => state.hasNext && !isFetching && void query.fetchNextPage(),
    // A failed next page is asked again; a failed first page starts the tab over.
    retry: () => void (data && !isPlaceholderData ? query.fetchNextPage() : query.refetch()),
    clearOld,
  };
}
