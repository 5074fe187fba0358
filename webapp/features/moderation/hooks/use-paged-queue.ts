import { useCallback, useEffect, useLayoutEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import type { Pagination } from '../../../../contracts/moderation';

export interface QueuePage<T> {
  entries: T[];
  pagination: Pagination;
}
export type PageLoader<T> = (page: number, afterId: number | undefined) => Promise<QueuePage<T>>;

/** When this few remain after decisions, the next page is asked for (moderation-admin.md §4). */
export const LOW_WATER = 2;

interface QueueState<T> {
  entries: T[];
  loading: boolean;
  error: boolean;
  hasMore: boolean;
  total: number;
}

const emptyLoading = <T>(): QueueState<T> => ({ entries: [], loading: true, error: false, hasMore: false, total: 0 });

/** A page's answer after the entries shown (one already shown is not shown twice). */
function appended<T extends { id: number }>(s: QueueState<T>, entries: T[], pagination: Pagination): QueueState<T> {
  const known = new Set(s.entries.map((e) => e.id));
  return {
    entries: [...s.entries, ...entries.filter((e) => !known.has(e.id))],
    loading: false,
    error: false,
    hasMore: entries.length >= pagination.limit,
    total: pagination.total,
  };
}

/** Shown entries changed in place: one leaves, one is shown again as it is now, one is changed by a push. */
function useEntryEdits<T extends { id: number }>(setState: Dispatch<SetStateAction<QueueState<T>>>) {
  const remove = useCallback(
    (id: number) => setState((s) => ({ ...s, entries: s.entries.filter((e) => e.id !== id), total: Math.max(0, s.total - 1) })),
    [setState],
  );
  const replace = useCallback(
    (entry: T) => setState((s) => ({ ...s, entries: s.entries.map((e) => (e.id === entry.id ? entry : e)) })),
    [setState],
  );
  const update = useCallback(
    (id: number, change: (entry: T) => T) => setState((s) => ({ ...s, entries: s.entries.map((e) => (e.id === id ? change(e) : e)) })),
    [setState],
  );
  return { remove, replace, update };
}

export interface PagedQueue<T> {
  entries: T[];
  loading: boolean;
  error: boolean;
  hasMore: boolean;
  total: number;
  loadMore(): void;
  /** A decided or skipped entry leaves the list. */
  remove(id: number): void;
  /** An entry shown again as it is now (same id, newer content). */
  replace(entry: T): void;
  /** The shown entry with this id, changed (a decision pushed from elsewhere); nothing when it is not shown. */
  update(id: number, change: (entry: T) => T): void;
  reload(): void;
}

/**
 * Pages read by keyset (after the last id seen), so entries decided meanwhile never make a page skip
 * anyone; `key` changes (other filters) start over.
 */
export function usePagedQueue<T extends { id: number }>(key: string, load: PageLoader<T>): PagedQueue<T> {
  const [state, setState] = useState<QueueState<T>>(emptyLoading);
  const cursor = useRef({ page: 0, afterId: undefined as number | undefined, busy: false, generation: 0 });
  const loader = useRef(load);
  useLayoutEffect(() => {
    loader.current = load;
  });

  // Asks for the page after the cursor's (nothing while one is on its way); the answer is appended.
  const fetchPage = useCallback(() => {
    const c = cursor.current;
    if (c.busy) return;
    c.busy = true;
    const generation = c.generation;
    loader.current(c.page + 1, c.afterId).then(
      ({ entries, pagination }) => {
        if (generation !== cursor.current.generation) return;
        Object.assign(c, { busy: false, page: c.page + 1, afterId: entries.at(-1)?.id ?? c.afterId });
        setState((s) => appended(s, entries, pagination));
      },
      () => {
        if (generation !== cursor.current.generation) return;
        c.busy = false;
        setState((s) => ({ ...s, loading: false, error: true }));
      },
    );
  }, []);

  const loadMore = useCallback(() => {
    if (cursor.current.busy) return;
    setState((s) => ({ ...s, loading: true, error: false }));
    fetchPage();
  }, [fetchPage]);

  const restart = useCallback(() => {
    cursor.current = { page: 0, afterId: undefined, busy: false, generation: cursor.current.generation + 1 };
    fetchPage();
  }, [fetchPage]);

  const reload = useCallback(() => {
    setState(emptyLoading<T>());
    restart();
  }, [restart]);

  // Other filters start over from an empty list, adjusted while rendering; the effect asks for the first page.
  const [shownKey, setShownKey] = useState(key);
  if (shownKey !== key) {
    setShownKey(key);
    setState(emptyLoading<T>());
  }
  useEffect(restart, [key, restart]);

  const { remove, replace, update } = useEntryEdits<T>(setState);

  // The list running low: the next page is wanted (loading from this render on), and the effect asks for it.
  const [lowWaterAsks, setLowWaterAsks] = useState(0);
  if (!state.loading && !state.error && state.hasMore && state.entries.length <= LOW_WATER) {
    setState((s) => ({ ...s, loading: true, error: false }));
    setLowWaterAsks((n) => n + 1);
  }
  useEffect(() => {
    if (lowWaterAsks > 0) fetchPage();
  }, [lowWaterAsks, fetchPage]);

  return { ...state, loadMore, remove, replace, update, reload };
}
