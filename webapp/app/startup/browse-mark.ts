import { deviceStorage } from '../../lib/device-storage';

/** Kept per account (send-early.ts reads the same entry before any module of the app is evaluated). */
export const MAY_BROWSE_KEY = 'explore.mayBrowse';

/**
 * Whether this account could browse at its last launch here: only then is the first card asked for alongside the
 * status, so a new user's first launch never asks for a card the status does not allow yet.
 */
export const mayBrowseHere = (): boolean => deviceStorage.get(MAY_BROWSE_KEY) === '1';

export function rememberMayBrowse(may: boolean): void {
  if (may) deviceStorage.set(MAY_BROWSE_KEY, '1');
  else deviceStorage.remove(MAY_BROWSE_KEY);
}
