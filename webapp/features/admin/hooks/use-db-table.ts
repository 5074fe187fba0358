import { useCallback, useEffect, useRef, useState } from 'react';
import type { DbBrowse } from '../../../../api/contracts/admin';
import { browseTable, type DbRow } from '../api/db-api';
import { errorDetail } from '../../../lib/api/error-text';

export interface DbTable {
  page: DbBrowse | null;
  loading: boolean;
  error: string | null;
  reload(): void;
  /** Puts a row (edited or restored) in place of the one at `index`. */
  setRow(index: number, row: DbRow): void;
}

/** One page of a table; a new model or page number starts a new request and drops late answers of the old one. */
export function useDbTable(model: string, pageNo: number): DbTable {
  const [state, setState] = useState<{ page: DbBrowse | null; loading: boolean; error: string | null }>({
    page: null,
    loading: true,
    error: null,
  });
  const generation = useRef(0);

  const reload = useCallback(() => {
    const mine = ++generation.current;
    setState((s) => ({ ...s, loading: true, error: null }));
    browseTable(model, pageNo).then(
      (page) => mine === generation.current && setState({ page, loading: false, error: null }),
      (err: unknown) => mine === generation.current && setState((s) => ({ ...s, loading: false, error: errorDetail(err) ?? '' })),
    );
  }, [model, pageNo]);
  useEffect(reload, [reload]);

  const setRow = useCallback((index: number, row: DbRow) => {
    setState((s) => (s.page ? { ...s, page: { ...s.page, data: s.page.data.map((r, i) => (i === index ? row : r)) } } : s));
  }, []);

  return { ...state, reload, setRow };
}
