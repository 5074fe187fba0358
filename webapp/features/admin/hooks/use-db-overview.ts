import { useQuery } from '@tanstack/react-query';
import type { DbOverview } from '../../../../contracts/admin';
import { fetchDbOverview } from '../api/db-api';

export interface DbOverviewState {
  tables: DbOverview['overview'] | null;
  failed: boolean;
  reload(): void;
}

/** The table list of the database browser, read through the query cache. */
export function useDbOverview(): DbOverviewState {
  const { data, isError, isFetching, refetch } = useQuery({ queryKey: ['admin', 'db', 'overview'], queryFn: fetchDbOverview });
  return { tables: data ?? null, failed: isError && !isFetching, reload: () => void refetch() };
}
