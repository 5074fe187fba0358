import { useCallback, useEffect, useState } from 'react';
import { fetchAdminStats, type AdminStats } from '../api/stats-api';
import { errorDetail } from '../../../lib/api/error-text';

export interface AdminStatsState {
  stats: AdminStats | null;
  loading: boolean;
  error: string | null;
  reload(): void;
}

/** The statistics screen's data; a retry starts over and late answers are dropped. */
export function useAdminStats(): AdminStatsState {
  const [state, setState] = useState<Omit<AdminStatsState, 'reload'>>({ stats: null, loading: true, error: null });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    fetchAdminStats().then(
      (stats) => live && setState({ stats, loading: false, error: null }),
      (err: unknown) => live && setState({ stats: null, loading: false, error: errorDetail(err) ?? '' }),
    );
    return () => {
      live = false;
    };
  }, [attempt]);
  const reload = useCallback(() => {
    setState((s) => ({ ...s, loading: true, error: null }));
    setAttempt((n) => n + 1);
  }, []);
  return { ...state, reload };
}
