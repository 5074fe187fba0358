import { useCallback, useEffect, useRef, useState } from 'react';
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
  const generation = useRef(0);
  const reload = useCallback(() => {
    const mine = ++generation.current;
    setState((s) => ({ ...s, loading: true, error: null }));
    fetchAdminStats().then(
      (stats) => mine === generation.current && setState({ stats, loading: false, error: null }),
      (err: unknown) => mine === generation.current && setState({ stats: null, loading: false, error: errorDetail(err) ?? '' }),
    );
  }, []);
  useEffect(reload, [reload]);
  return { ...state, reload };
}
