import { fetchAdminStats, type AdminStats } from '../api/stats-api';
import { useLatestLoad } from '../../../lib/react/use-latest-load';

export interface AdminStatsState {
  stats: AdminStats | null;
  loading: boolean;
  error: string | null;
  reload(): void;
}

/** The statistics screen's data; a retry starts over, and only the latest request's answer is taken. */
export function useAdminStats(): AdminStatsState {
  const { data: stats, loading, error, reload } = useLatestLoad(() => fetchAdminStats(), '');
  return { stats, loading, error, reload };
}
