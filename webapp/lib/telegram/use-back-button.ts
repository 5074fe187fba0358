import { useEffect, useRef } from 'react';
import { holdBackButton } from './back-button-stack';

/** Shows Telegram's BackButton while `visible`, calling `onBack` when pressed (unless an overlay holds it); nothing outside Telegram. */
export function useTelegramBackButton(visible: boolean, onBack: () => void, overlay = false): void {
  const handler = useRef(onBack);
  useEffect(() => {
    handler.current = onBack;
  });
  useEffect(() => (visible ? holdBackButton({ onBack: () => handler.current(), overlay }) : undefined), [visible, overlay]);
}
