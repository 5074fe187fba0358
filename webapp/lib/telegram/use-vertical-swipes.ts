import { useEffect } from 'react';
import { swipeBehavior } from '@tma.js/sdk-react';

let holders = 0;

function apply(): void {
  try {
    if (holders > 0) swipeBehavior.disableVertical.ifAvailable();
    else swipeBehavior.enableVertical.ifAvailable();
  } catch {
    // Not inside Telegram: nothing to switch.
  }
}

/** Turns off Telegram's swipe-down-to-close while a swipe UI (sheet, carousel) is on screen. */
export function useDisableVerticalSwipes(active: boolean): void {
  useEffect(() => {
    if (!active) return undefined;
    holders++;
    apply();
    return () => {
      holders--;
      apply();
    };
  }, [active]);
}
