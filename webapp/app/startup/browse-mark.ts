import { deviceStorage } from '../../lib/device-storage';

import { MAY_BROWSE_KEY } from '../../lib/browse-mark-key';

/**
 * Whether this account could browse at its last launch here: only then is the first card asked for alongside the
 * status, so a new user's first launch never asks for a card the status does not allow yet.
 */
export const mayBrowseHere = (): boolean => deviceStorage.get(MAY_BROWSE_KEY) === '1';

export function rememberMayBrowse(may: boolean): void {
  if (may) deviceStorage.set(MAY_BROWSE_KEY, '1');
  else deviceStorage.remove(MAY_BROWSE_KEY);
}
