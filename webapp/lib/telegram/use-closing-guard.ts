import { closingBehavior } from '@tma.js/sdk-react';
import { countedSwitch } from './counted-switch';

const confirmation = countedSwitch((on) => {
  if (!closingBehavior.isMounted()) return;
  if (on) closingBehavior.enableConfirmation.ifAvailable();
  else closingBehavior.disableConfirmation.ifAvailable();
});

/** True while some screen holds unsaved input (a draft, an edit). */
export const isClosingGuarded = confirmation.isOn;

/** Telegram asks before closing the app while `active` (a message draft or an unsent edit would be lost). */
export const useClosingGuard: (active: boolean) => void = confirmation.use;
