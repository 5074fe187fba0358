import { useEffect, useState } from 'react';
import type { ModerationCounts } from '../../../../api/contracts/moderation';
import { fetchModerationCounts } from '../api/moderation-items';

export const COUNTS_POLL_MS = 15_000;

/** The hub's live counts: now, every 15 s, and whenever the app comes back to the foreground. */
export function useModerationCounts(intervalMs = COUNTS_POLL_MS): ModerationCounts | null {
  const [counts, setCounts] = useState<ModerationCounts | null>(null);
  useEffect(() => {
    let live = true;
    const poll = () => void fetchModerationCounts().then((c) => live && setCounts(c), () => undefined);
    const onVisible = () => document.visibilityState === 'visible' && poll();
    poll();
    const timer = setInterval(poll, intervalMs);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      live = false;
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [intervalMs]);
  return counts;
}
