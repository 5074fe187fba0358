import { useEffect } from 'react';
import { closingBehavior } from '@tma.js/sdk-react';

let holders = 0;

function apply(): void {
  try {
    if (!closingBehavior.isMounted()) return;
    if (holders > 0) closingBehavior.enableConfirmation.ifAvailable();
    else closingBehavior.disableConfirmation.ifAvailable();
  } catch {
    // Not inside Telegram: nothing to confirm.
  }
}

/** True while some screen holds unsaved input (a draft, an edit). */
export const isClosingGuarded = () => holders > 0;

/** Telegram asks before closing the app while `active` (a message draft or an unsent edit would be lost). */
export function useClosingGuard(active: boolean): void {
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
