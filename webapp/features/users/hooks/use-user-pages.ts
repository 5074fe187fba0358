import { useCallback, useEffect, useRef, useState } from 'react';
import type { UserListEntry } from '../../../../api/contracts/users-list';
import { fetchUsers } from '../api/fetch-users';

export interface UserPages {
  users: UserListEntry[];
  loading: boolean;
  error: boolean;
  hasMore: boolean;
  loadMore(): void;
}

/** Pages of 20 for a search; a new search starts over and late answers of the old one are dropped. */
export function useUserPages(q: string): UserPages {
  const [state, setState] = useState({ users: [] as UserListEntry[], loading: true, error: false, hasMore: false });
  const cursor = useRef({ page: 0, busy: false, generation: 0 });

  const loadMore = useCallback(() => {
    const c = cursor.current;
    if (c.busy) return;
    c.busy = true;
    const generation = c.generation;
    setState((s) => ({ ...s, loading: true, error: false }));
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

  useEffect(() => {
    cursor.current = { page: 0, busy: false, generation: cursor.current.generation + 1 };
    setState({ users: [], loading: true, error: false, hasMore: false });
    loadMore();
  }, [loadMore]);

  return { ...state, loadMore };
}
