import { countedSwitch } from './counted-switch';
import { sdk } from './sdk';

const swipesOff = countedSwitch((on) => {
  const swipeBehavior = sdk()?.swipeBehavior;
  if (!swipeBehavior?.isMounted()) return;
  if (on) swipeBehavior.disableVertical.ifAvailable();
  else swipeBehavior.enableVertical.ifAvailable();
});

/** Turns off Telegram's swipe-down-to-close while a swipe UI (sheet, carousel) or a scrolling screen is on screen. */
export const useDisableVerticalSwipes: (active: boolean) => void = swipesOff.use;
