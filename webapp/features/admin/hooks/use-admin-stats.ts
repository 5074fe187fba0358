import { fetchAdminStats, type AdminStats } from '../api/stats-api';
import { useServerRead } from '../../../lib/query/use-server-read';

export interface AdminStatsState {
  stats: AdminStats | null;
  loading: boolean;
  error: string | null;
  reload(): void;
}

/** The statistics screen's data, kept in the query cache; a retry starts over, and only the latest request's answer is taken. */
export function useAdminStats(): AdminStatsState {
  const { data: stats, loading, error, reload } = useServerRead(['admin', 'stats'], () => fetchAdminStats());
  return { stats, loading, error, reload };
}
