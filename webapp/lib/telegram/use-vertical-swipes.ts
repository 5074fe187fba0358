import { swipeBehavior } from '@tma.js/sdk-react';
import { countedSwitch } from './counted-switch';

const swipesOff = countedSwitch((on) => {
  if (on) swipeBehavior.disableVertical.ifAvailable();
  else swipeBehavior.enableVertical.ifAvailable();
});

/** Turns off Telegram's swipe-down-to-close while a swipe UI (sheet, carousel) or a scrolling screen is on screen. */
export const useDisableVerticalSwipes: (active: boolean) => void = swipesOff.use;
