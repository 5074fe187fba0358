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

/** One page of a table; a new model or page number starts a new request; only the latest request's answer is taken. */
export function useDbTable(model: string, pageNo: number): DbTable {
  const [state, setState] = useState<{ page: DbBrowse | null; loading: boolean; error: string | null }>({
    page: null,
    loading: true,
    error: null,
  });
  const [attempt, setAttempt] = useState(0);
  const latest = useRef(0);
  // Another table or page: loading again at once, adjusted while rendering.
  const [shown, setShown] = useState({ model, pageNo });
  if (shown.model !== model || shown.pageNo !== pageNo) {
    setShown({ model, pageNo });
    setState((s) => ({ ...s, loading: true, error: null }));
  }
  useEffect(() => {
    // Each request takes a number; only the answer of the latest one is taken (a reload bumps it at once).
    const id = ++latest.current;
    const live = () => id === latest.current;
    browseTable(model, pageNo).then(
      (page) => live() && setState({ page, loading: false, error: null }),
      (err: unknown) => live() && setState((s) => ({ ...s, loading: false, error: errorDetail(err) ?? '' })),
    );
    return () => {
      latest.current += 1;
    };
  }, [model, pageNo, attempt]);
  const reload = useCallback(() => {
    latest.current += 1;
    setState((s) => ({ ...s, loading: true, error: null }));
    setAttempt((n) => n + 1);
  }, []);

  const setRow = useCallback((index: number, row: DbRow) => {
    setState((s) => (s.page ? { ...s, page: { ...s.page, data: s.page.data.map((r, i) => (i === index ? row : r)) } } : s));
  }, []);

  return { ...state, reload, setRow };
}
