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
  const generation = useRef(0);
  const reload = useCallback(() => {
    const mine = ++generation.current;
    setState((s) => ({ ...s, loading: true, error: null }));
    fetchUserDetails(telegramId).then(
      (details) => mine === generation.current && setState({ details, loading: false, error: null }),
      (err: unknown) => mine === generation.current && setState({ details: null, loading: false, error: errorDetail(err) ?? '' }),
    );
  }, [telegramId]);
  useEffect(reload, [reload]);
  return { ...state, reload };
}
