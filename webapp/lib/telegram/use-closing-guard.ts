import { countedSwitch } from './counted-switch';
import { sdk } from './sdk';

const confirmation = countedSwitch((on) => {
  const closingBehavior = sdk()?.closingBehavior;
  if (!closingBehavior?.isMounted()) return;
  if (on) closingBehavior.enableConfirmation.ifAvailable();
  else closingBehavior.disableConfirmation.ifAvailable();
});

/** Telegram asks before closing the app while `active` (a message draft or an unsent edit would be lost). */
export const useClosingGuard: (active: boolean) => void = confirmation.use;
