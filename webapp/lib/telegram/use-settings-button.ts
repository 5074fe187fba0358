import { useEffect, useRef, useSyncExternalStore } from 'react';
import { isConnectedToTelegram, onTelegramConnected, sdk } from './sdk';

/** Shows the Settings item of Telegram's ⋯ menu while mounted; choosing it calls `onOpen`. Nothing outside Telegram. */
export function useTelegramSettingsButton(onOpen: () => void): void {
  const handler = useRef(onOpen);
  // Mounted before the SDK arrived: the item is taken once Telegram is connected.
  const connected = useSyncExternalStore(onTelegramConnected, isConnectedToTelegram, isConnectedToTelegram);
  useEffect(() => {
    handler.current = onOpen;
  });
  useEffect(() => {
    const settingsButton = sdk()?.settingsButton;
    try {
      if (!connected || !settingsButton?.isMounted()) return undefined;
      settingsButton.show.ifAvailable();
      const off = settingsButton.onClick.ifAvailable(() => handler.current());
      return () => {
        if (off.ok) off.data();
        settingsButton.hide.ifAvailable();
      };
    } catch {
      // Outside Telegram (or an old client) the ⋯ menu has no Settings item to take.
      return undefined;
    }
  }, [connected]);
}
