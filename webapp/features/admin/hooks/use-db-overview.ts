import { useCallback, useEffect, useState } from 'react';
import type { DbOverview } from '../../../../api/contracts/admin';
import { fetchDbOverview } from '../api/db-api';

export interface DbOverviewState {
  tables: DbOverview['overview'] | null;
  failed: boolean;
  reload(): void;
}

/** The table list of the database browser, loaded once per visit. */
export function useDbOverview(): DbOverviewState {
  const [state, setState] = useState<{ tables: DbOverview['overview'] | null; failed: boolean }>({ tables: null, failed: false });
  const reload = useCallback(() => {
    let live = true;
    setState((s) => ({ ...s, failed: false }));
    fetchDbOverview().then(
      (tables) => live && setState({ tables, failed: false }),
      () => live && setState((s) => ({ ...s, failed: true })),
    );
    return () => {
      live = false;
    };
  }, []);
  useEffect(reload, [reload]);
  return { ...state, reload };
}
