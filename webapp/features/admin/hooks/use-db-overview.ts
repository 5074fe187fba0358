import { useCallback, useEffect, useState } from 'react';
import type { DbOverview } from '../../../../contracts/admin';
import { fetchDbOverview } from '../api/db-api';

export interface DbOverviewState {
  tables: DbOverview['overview'] | null;
  failed: boolean;
  reload(): void;
}

/** The table list of the database browser, loaded once per visit. */
export function useDbOverview(): DbOverviewState {
  const [state, setState] = useState<{ tables: DbOverview['overview'] | null; failed: boolean }>({ tables: null, failed: false });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    fetchDbOverview().then(
      (tables) => live && setState({ tables, failed: false }),
      () => live && setState((s) => ({ ...s, failed: true })),
    );
    return () => {
      live = false;
    };
  }, [attempt]);
  const reload = useCallback(() => {
    setState((s) => ({ ...s, failed: false }));
    setAttempt((n) => n + 1);
  }, []);
  return { ...state, reload };
}
