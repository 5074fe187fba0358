import { useEffect, useRef } from 'react';

/** end-user.md §9: a focus refetch happens at most once per 30 s. */
export const FOCUS_REFETCH_THROTTLE_MS = 30_000;

/** Calls `refetch` when the window regains focus and `needed()` says so, at most once per 30 s. */
export function useFocusRefetch(needed: () => boolean, refetch: () => void): void {
  const latest = useRef({ needed, refetch });
  latest.current = { needed, refetch };
  const lastAt = useRef(Number.NEGATIVE_INFINITY);
  useEffect(() => {
    const onFocus = () => {
      const now = Date.now();
      if (!latest.current.needed() || now - lastAt.current < FOCUS_REFETCH_THROTTLE_MS) return;
      lastAt.current = now;
      latest.current.refetch();
    };
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, []);
}
