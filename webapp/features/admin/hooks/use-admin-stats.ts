import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchAdminStats, type AdminStats } from '../api/stats-api';
import { errorDetail } from '../../../lib/api/error-text';

export interface AdminStatsState {
  stats: AdminStats | null;
  loading: boolean;
  error: string | null;
  reload(): void;
}

/** The statistics screen's data; a retry starts over, and only the latest request's answer is taken (from the moment reload() is called). */
export function useAdminStats(): AdminStatsState {
  const [state, setState] = useState<Omit<AdminStatsState, 'reload'>>({ stats: null, loading: true, error: null });
  const [attempt, setAttempt] = useState(0);
  const latest = useRef(0);
  useEffect(() => {
    // Each request takes a number; only the answer of the latest one is taken (a reload bumps it at once).
    const id = ++latest.current;
    const live = () => id === latest.current;
    fetchAdminStats().then(
      (stats) => live() && setState({ stats, loading: false, error: null }),
      (err: unknown) => live() && setState({ stats: null, loading: false, error: errorDetail(err) ?? '' }),
    );
    return () => {
      latest.current += 1;
    };
  }, [attempt]);
  const reload = useCallback(() => {
    latest.current += 1;
    setState((s) => ({ ...s, loading: true, error: null }));
    setAttempt((n) => n + 1);
  }, []);
  return { ...state, reload };
}
