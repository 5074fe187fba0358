import { useCallback, useEffect, useRef, useState } from 'react';
import type { UserDetails } from '../../../../api/contracts/admin';
import { fetchUserDetails } from '../api/user-admin-api';
import { errorDetail } from '../../../lib/api/error-text';

export interface UserDetailsState {
  details: UserDetails | null;
  loading: boolean;
  error: string | null;
  /** Reads the user again (after an edit: the history grows too). */
  reload(): void;
}

export function useUserDetails(telegramId: number): UserDetailsState {
  const [state, setState] = useState<Omit<UserDetailsState, 'reload'>>({ details: null, loading: true, error: null });
  const [attempt, setAttempt] = useState(0);
  const latest = useRef(0);
  // Another user: loading again at once, adjusted while rendering.
  const [shownId, setShownId] = useState(telegramId);
  if (shownId !== telegramId) {
    setShownId(telegramId);
    setState((s) => ({ ...s, loading: true, error: null }));
  }
  useEffect(() => {
    // Each request takes a number; only the answer of the latest one is taken (a reload bumps it at once).
    const id = ++latest.current;
    const live = () => id === latest.current;
    fetchUserDetails(telegramId).then(
      (details) => live() && setState({ details, loading: false, error: null }),
      (err: unknown) => live() && setState({ details: null, loading: false, error: errorDetail(err) ?? '' }),
    );
    return () => {
      latest.current += 1;
    };
  }, [telegramId, attempt]);
  const reload = useCallback(() => {
    latest.current += 1;
    setState((s) => ({ ...s, loading: true, error: null }));
    setAttempt((n) => n + 1);
  }, []);
  return { ...state, reload };
}
