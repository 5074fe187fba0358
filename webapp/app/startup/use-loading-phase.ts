import { useEffect, useRef, useState } from 'react';

export type LoadingPhase = 'waiting' | 'visible' | 'exiting' | 'done';

const LOADING_TIMINGS = { delayMs: 200, minVisibleMs: 1000, exitMs: 400 } as const;

/**
 * The loading screen appears only when start-up takes over 200 ms; once shown it stays at least 1 s,
 * then fades out over 400 ms (end-user.md §2 Start-up gates).
 */
export function useLoadingPhase(finished: boolean, timings = LOADING_TIMINGS): LoadingPhase {
  const [phase, setPhase] = useState<LoadingPhase>('waiting');
  const shownAt = useRef(0);
  // Finished before the screen was due: done for good (adjusted while rendering, not after an effect).
  if (phase === 'waiting' && finished) setPhase('done');

  useEffect(() => {
    if (phase !== 'waiting' || finished) return undefined;
    const timer = setTimeout(() => {
      shownAt.current = Date.now();
      // Only from 'waiting': start-up may have finished meanwhile, and a timer already due is not cleared in time.
      setPhase((now) => (now === 'waiting' ? 'visible' : now));
    }, timings.delayMs);
    return () => clearTimeout(timer);
  }, [phase, finished, timings.delayMs]);

  useEffect(() => {
    if (phase !== 'visible' || !finished) return undefined;
    const timer = setTimeout(() => setPhase('exiting'), Math.max(0, shownAt.current + timings.minVisibleMs - Date.now()));
    return () => clearTimeout(timer);
  }, [phase, finished, timings.minVisibleMs]);

  useEffect(() => {
    if (phase !== 'exiting') return undefined;
    const timer = setTimeout(() => setPhase('done'), timings.exitMs);
    return () => clearTimeout(timer);
  }, [phase, timings.exitMs]);

  // The content shows in this very render, not after one more.
  return phase === 'waiting' && finished ? 'done' : phase;
}
