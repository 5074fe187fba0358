import { useEffect } from 'react';
import { onTelegramConnected } from './sdk';

/**
 * A Telegram setting that stays on while any screen holds it (screens mount and unmount in any order).
 * `apply(on)` is called on every change and once Telegram is connected; outside Telegram it may throw, which is ignored.
 */
export function countedSwitch(apply: (on: boolean) => void): { use: (active: boolean) => void; isOn: () => boolean } {
  let holders = 0;
  const update = () => {
    try {
      apply(holders > 0);
    } catch {
      // Not inside Telegram: nothing to switch.
    }
  };
  // Screens that held the setting before the SDK arrived have it applied once Telegram is connected.
  onTelegramConnected(() => holders > 0 && update());
  function use(active: boolean): void {
    useEffect(() => {
      if (!active) return undefined;
      holders++;
      update();
      return () => {
        holders--;
        update();
      };
    }, [active]);
  }
  return { use, isOn: () => holders > 0 };
}
