import { useCallback, useEffect, useRef, useState } from 'react';
import type { HistoryFilter, HistoryItem, HistoryResponse } from '../../../../contracts/likes';
import { confirmAction } from '../../../components/ui/confirm-store';
import { showToast } from '../../../components/ui/toast-store';
import { clearOldLikes, fetchLikesHistory } from '../api/likes-history-api';
import { LIKES_TEXT } from '../lib/likes-text';

export type HistoryCounts = Omit<HistoryResponse, 'ok' | 'likes' | 'pagination'>;

export interface HistoryState {
  filter: HistoryFilter;
  page: number;
  items: HistoryItem[];
  counts: HistoryCounts | null;
  hasNext: boolean;
  loading: boolean;
  error: string | null;
}

const initial: HistoryState = { filter: 'received-likes', page: 1, items: [], counts: null, hasNext: false, loading: true, error: null };

/** end-user.md §4 Likes history: a tab change reloads page 1; load more adds the next page while hasNext. */
export function useLikesHistory() {
  const [state, setState] = useState<HistoryState>(initial);
  const request = useRef<AbortController | null>(null);

  // Asks for a page; the answer fills the list (page 1 replaces it), a newer request drops this one's.
  const fetchPage = useCallback((filter: HistoryFilter, page: number) => {
    request.current?.abort();
    const controller = new AbortController();
    request.current = controller;
    fetchLikesHistory(filter, page, controller.signal).then(
      ({ likes, pagination, ok: _ok, ...counts }) => {
        if (controller.signal.aborted) return;
        setState((s) => ({
          ...s,
          items: page === 1 ? likes : [...s.items, ...likes],
          counts,
          hasNext: pagination.hasNext,
          loading: false,
        }));
      },
      () => {
        if (!controller.signal.aborted) setState((s) => ({ ...s, loading: false, error: LIKES_TEXT.historyError }));
      },
    );
  }, []);

  const load = (filter: HistoryFilter, page: number) => {
    setState((s) => ({ ...s, filter, page, loading: true, error: null, items: page === 1 && s.filter !== filter ? [] : s.items }));
    fetchPage(filter, page);
  };

  // The first page of the initial tab: the initial state already says so (loading).
  useEffect(() => {
    fetchPage(initial.filter, initial.page);
    return () => request.current?.abort();
  }, [fetchPage]);

  const clearOld = async () => {
    const ok = await confirmAction({
      title: 'Удалить старые лайки?',
      // The action keeps likes that became matches (their chats live on them), so the text must say so.
      message:
        'Будут удалены ваши лайки старше 2 недель, оставшиеся без ответа. Это действие нельзя отменить. Лайки, ставшие матчами, и полученные лайки останутся.',
      confirmText: 'Удалить',
      destructive: true,
    });
    if (!ok) return;
    try {
      const result = await clearOldLikes();
      showToast({ text: result.message, tone: 'success' });
      load(state.filter, 1);
    } catch {
      showToast({ text: LIKES_TEXT.clearError, tone: 'error' });
    }
  };

  return {
    state,
    selectTab: (filter: HistoryFilter) => load(filter, 1),
    loadMore: () => state.hasNext && !state.loading && load(state.filter, state.page + 1),
    retry: () => load(state.filter, state.page),
    clearOld,
  };
}
