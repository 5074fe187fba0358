import { useInfiniteQuery } from '@tanstack/react-query';
import type { UserListEntry } from '../../../../contracts/users-list';
import { fetchUsers } from '../api/fetch-users';

export interface UserPages {
  users: UserListEntry[];
  loading: boolean;
  error: boolean;
  hasMore: boolean;
  /** The next page; after a failure, the page that failed (the first one when none came). */
  loadMore(): void;
}

/** Pages of 20 for a search, an infinite query per search: a new search starts over, and an old search's answers never reach it. */
export function useUserPages(q: string): UserPages {
  const query = useInfiniteQuery({
    queryKey: ['users', 'list', q],
    queryFn: ({ pageParam }) => fetchUsers({ page: pageParam, q }),
    initialPageParam: 1,
    getNextPageParam: ({ pagination }) => (pagination.page < pagination.pages ? pagination.page + 1 : undefined),
  });
  const { data, isFetching, isError, hasNextPage } = query;
  const seen = new Set<number>();
  // A user moved up a page between two requests is shown once.
  const users = (data?.pages ?? []).flatMap((p) => p.users).filter((u) => !seen.has(u.telegramId) && seen.add(u.telegramId));
  return {
    users,
    loading: isFetching,
    error: isError && !isFetching,
    hasMore: hasNextPage,
    loadMore: () => {
      if (isFetching) return;
      void (data ? query.fetchNextPage() : query.refetch());
    },
  };
}
