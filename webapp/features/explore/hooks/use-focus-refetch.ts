import { useEffect, useEffectEvent, useRef } from 'react';

/** end-user.md §9: a focus refetch happens at most once per 30 s. */
const FOCUS_REFETCH_THROTTLE_MS = 30_000;

/** Calls `refetch` when the window regains focus and `needed()` says so, at most once per 30 s. */
export function useFocusRefetch(needed: () => boolean, refetch: () => void): void {
  const lastAt = useRef(Number.NEGATIVE_INFINITY);
  const onFocus = useEffectEvent(() => {
    const now = Date.now();
    if (!needed() || now - lastAt.current < FOCUS_REFETCH_THROTTLE_MS) return;
    lastAt.current = now;
    refetch();
  });
  useEffect(() => {
    const listener = () => onFocus();
    window.addEventListener('focus', listener);
    return () => window.removeEventListener('focus', listener);
  }, []);
}
