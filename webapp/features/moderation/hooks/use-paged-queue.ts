import { useInfiniteQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Pagination } from '../../../../contracts/moderation';

interface QueuePage<T> {
  entries: T[];
  pagination: Pagination;
}
export type PageLoader<T> = (page: number, afterId: number | undefined) => Promise<QueuePage<T>>;

/** When this few remain after decisions, the next page is asked for (moderation-admin.md §4). */
const LOW_WATER = 2;

interface PageParam {
  page: number;
  afterId: number | undefined;
}

/** A page as it came: how many entries and the last id, which entries leaving the list later do not change. */
interface CachedPage<T> extends QueuePage<T> {
  came: { count: number; lastId: number | undefined };
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

/** Every page's entries in order, an entry already shown not shown twice. */
function shown<T extends { id: number }>(pages: QueuePage<T>[]): T[] {
  const known = new Set<number>();
  return pages.flatMap((p) => p.entries).filter((e) => !known.has(e.id) && known.add(e.id));
}

/**
 * Pages read by keyset (after the last id seen), so entries decided meanwhile never make a page skip anyone: an
 * infinite query per `key` (other filters start over, and an answer for old filters never reaches the new list).
 * Entries change in place in the query cache; the list running low asks for the next page.
 */
export function usePagedQueue<T extends { id: number }>(key: string, load: PageLoader<T>): PagedQueue<T> {
  const queryClient = useQueryClient();
  const queryKey = ['moderation', 'queue', key];
  const query = useInfiniteQuery({
    queryKey,
    queryFn: async ({ pageParam }): Promise<CachedPage<T>> => {
      const page = await load(pageParam.page, pageParam.afterId);
      return { ...page, came: { count: page.entries.length, lastId: page.entries.at(-1)?.id } };
    },
    initialPageParam: { page: 1, afterId: undefined } as PageParam,
    getNextPageParam: (last, _pages, param): PageParam | undefined =>
      last.came.count >= last.pagination.limit ? { page: param.page + 1, afterId: last.came.lastId ?? param.afterId } : undefined,
  });
  const { data, isFetching, isError, hasNextPage } = query;
  const entries = shown(data?.pages ?? []);
  const loading = isFetching;
  const error = isError && !isFetching;

  const edit = (change: (page: CachedPage<T>, last: boolean) => CachedPage<T>) =>
    queryClient.setQueryData<InfiniteData<CachedPage<T>, PageParam>>(
      queryKey,
      (d) => d && { ...d, pages: d.pages.map((p, i) => change(p, i === d.pages.length - 1)) },
    );
  const editEntries = (change: (entry: T) => T) => edit((p) => ({ ...p, entries: p.entries.map(change) }));

  const loadMore = () => {
    if (isFetching) return;
    void (data ? query.fetchNextPage() : query.refetch());
  };
  // The list running low: the next page is asked for.
  const low = !loading && !error && hasNextPage && entries.length <= LOW_WATER;
  useEffect(() => {
    if (low) void query.fetchNextPage();
  }, [low, query]);

  return {
    entries,
    loading: loading || low,
    error,
    hasMore: hasNextPage,
    total: data?.pages.at(-1)?.pagination.total ?? 0,
    loadMore,
    remove: (id) =>
      edit((p, last) => {
        const entries = p.entries.filter((e) => e.id !== id);
        const left = last && shown(data?.pages ?? []).some((e) => e.id === id) ? 1 : 0;
        return { ...p, entries, pagination: { ...p.pagination, total: Math.max(0, p.pagination.total - left) } };
      }),
    replace: (entry) => editEntries((e) => (e.id === entry.id ? entry : e)),
    update: (id, change) => editEntries((e) => (e.id === id ? change(e) : e)),
    reload: () => void queryClient.resetQueries({ queryKey }),
  };
}
