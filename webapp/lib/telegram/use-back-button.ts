import { useEffect, useRef } from 'react';
import { backButton } from '@tma.js/sdk-react';

/** Shows Telegram's BackButton while `visible`, calling `onBack` when pressed; nothing outside Telegram. */
export function useTelegramBackButton(visible: boolean, onBack: () => void): void {
  const handler = useRef(onBack);
  useEffect(() => {
    handler.current = onBack;
  });
  useEffect(() => {
    if (!visible || !backButton.isMounted()) return undefined;
    try {
      backButton.show();
      const off = backButton.onClick(() => handler.current());
      return () => {
        off();
        backButton.hide.ifAvailable();
      };
    } catch {
      return undefined;
    }
  }, [visible]);
}
