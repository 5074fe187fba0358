import { useEffect, useLayoutEffect, useRef } from 'react';

/** Focus and visibilitychange usually fire together on return: one catch-up for both. */
const CATCH_UP_GAP_MS = 3000;

/** Runs `catchUp` when the app is back on screen or online: a frozen web view's socket may have missed pushes. */
export function useCatchUp(catchUp: () => void, gapMs = CATCH_UP_GAP_MS): void {
  const run = useRef(catchUp);
  useLayoutEffect(() => {
    run.current = catchUp;
  });
  useEffect(() => {
    let last = 0;
    const fire = () => {
      if (document.visibilityState === 'hidden' || Date.now() - last < gapMs) return;
      last = Date.now();
      run.current();
    };
    const onPageShow = (e: PageTransitionEvent) => e.persisted && fire();
    window.addEventListener('focus', fire);
    window.addEventListener('online', fire);
    window.addEventListener('pageshow', onPageShow);
    document.addEventListener('visibilitychange', fire);
    return () => {
      window.removeEventListener('focus', fire);
      window.removeEventListener('online', fire);
      window.removeEventListener('pageshow', onPageShow);
      document.removeEventListener('visibilitychange', fire);
    };
  }, [gapMs]);
}
