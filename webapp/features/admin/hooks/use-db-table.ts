import { useCallback } from 'react';
import type { DbBrowse } from '../../../../contracts/admin';
import { browseTable, type DbRow } from '../api/db-api';
import { useLatestLoad } from '../../../lib/react/use-latest-load';

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
 * A failed request leaves the page shown under its error.
 */
export function useDbTable(model: string, pageNo: number): DbTable {
  const {
    data: page,
    loading,
    error,
    reload,
    update,
  } = useLatestLoad(() => browseTable(model, pageNo), `${model}\n${pageNo}`, {
    keepOnError: true,
  });
  const setRow = useCallback(
    (index: number, row: DbRow) => update((p) => ({ ...p, data: p.data.map((r, i) => (i === index ? row : r)) })),
    [update],
  );
  return { page, loading, error, reload, setRow };
}
