import { settingsButton } from '@tma.js/sdk-react';
import { useEffect, useRef } from 'react';

/** Shows the Settings item of Telegram's ⋯ menu while mounted; choosing it calls `onOpen`. Nothing outside Telegram. */
export function useTelegramSettingsButton(onOpen: () => void): void {
  const handler = useRef(onOpen);
  useEffect(() => {
    handler.current = onOpen;
  });
  useEffect(() => {
    try {
      if (!settingsButton.isMounted()) return undefined;
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
  }, []);
}
