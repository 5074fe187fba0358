import { useCallback, useEffect, useRef, useState } from 'react';
import type { UserListEntry } from '../../../../contracts/users-list';
import { fetchUsers } from '../api/fetch-users';

export interface UserPages {
  users: UserListEntry[];
  loading: boolean;
  error: boolean;
  hasMore: boolean;
  loadMore(): void;
}

const FIRST_PAGE_LOADING = { users: [] as UserListEntry[], loading: true, error: false, hasMore: false };

/** Pages of 20 for a search; a new search starts over and late answers of the old one are dropped. */
export function useUserPages(q: string): UserPages {
  const [state, setState] = useState(FIRST_PAGE_LOADING);
  const cursor = useRef({ page: 0, busy: false, generation: 0 });

  // Asks for the page after the cursor's (nothing while one is on its way); the answer is appended.
  const fetchPage = useCallback(() => {
    const c = cursor.current;
    if (c.busy) return;
    c.busy = true;
    const generation = c.generation;
    fetchUsers({ page: c.page + 1, q }).then(
      ({ users, pagination }) => {
        if (generation !== cursor.current.generation) return;
        Object.assign(c, { busy: false, page: pagination.page });
        setState((s) => ({
          users: [...s.users, ...users.filter((u) => !s.users.some((x) => x.telegramId === u.telegramId))],
          loading: false,
          error: false,
          hasMore: pagination.page < pagination.pages,
        }));
      },
      () => {
        if (generation !== cursor.current.generation) return;
        c.busy = false;
        setState((s) => ({ ...s, loading: false, error: true }));
      },
    );
  }, [q]);

  const loadMore = useCallback(() => {
    if (cursor.current.busy) return;
    setState((s) => ({ ...s, loading: true, error: false }));
    fetchPage();
  }, [fetchPage]);

  // A new search starts over from an empty list, adjusted while rendering; the effect below asks for its first page.
  const [searched, setSearched] = useState(q);
  if (searched !== q) {
    setSearched(q);
    setState(FIRST_PAGE_LOADING);
  }
  useEffect(() => {
    cursor.current = { page: 0, busy: false, generation: cursor.current.generation + 1 };
    fetchPage();
  }, [fetchPage]);

  return { ...state, loadMore };
}
