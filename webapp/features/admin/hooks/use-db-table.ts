import { useQueryClient } from '@tanstack/react-query';
import type { DbBrowse } from '../../../../contracts/admin';
import { browseTable, type DbRow } from '../api/db-api';
import { useServerRead } from '../../../lib/query/use-server-read';

export interface DbTable {
  page: DbBrowse | null;
  loading: boolean;
  error: string | null;
  reload(): void;
  /** Puts a row (edited or restored) in place of the one at `index`. */
  setRow(index: number, row: DbRow): void;
}

/**
 * One page of a table; a new model or page number starts a new request; only the latest request's answer is taken.
 * The last page stays shown while the next one loads, and under the error when a request fails.
 */
export function useDbTable(model: string, pageNo: number): DbTable {
  const queryClient = useQueryClient();
  const queryKey = ['admin', 'db', 'table', model, pageNo] as const;
  const { data: page, loading, error, reload } = useServerRead(queryKey, () => browseTable(model, pageNo), { keepPrevious: true });
  const setRow = (index: number, row: DbRow) =>
    queryClient.setQueryData<DbBrowse>(queryKey, (p) => p && { ...p, data: p.data.map((r, i) => (i === index ? row : r)) });
  return { page, loading, error, reload, setRow };
}
