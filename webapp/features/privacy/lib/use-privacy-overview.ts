import { useCallback, useEffect, useState } from 'react';
import type { PrivacyOverview } from '../../../../contracts/privacy';
import { fetchPrivacy } from '../api/privacy-api';

export type OverviewState = { phase: 'loading' } | { phase: 'error' } | { phase: 'ready'; data: PrivacyOverview };

/** GET /api/privacy/settings with a retry; `update` changes the loaded copy after a successful save. */
export function usePrivacyOverview() {
  const [state, setState] = useState<OverviewState>({ phase: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    fetchPrivacy(controller.signal).then(
      (data) => setState({ phase: 'ready', data }),
      () => !controller.signal.aborted && setState({ phase: 'error' }),
    );
    return () => controller.abort();
  }, [attempt]);
  const update = useCallback(
    (change: (data: PrivacyOverview) => PrivacyOverview) =>
      setState((s) => (s.phase === 'ready' ? { phase: 'ready', data: change(s.data) } : s)),
    [],
  );
  const retry = () => {
    setState({ phase: 'loading' });
    setAttempt((n) => n + 1);
  };
  return { state, retry, update };
}
