import { useEffect, useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import { holdMainButton, isMainButtonShown, subscribeMainButton, type MainButtonParams } from './main-button-stack';

export interface MainButtonOptions {
  text: string;
  onClick: () => void;
  /** False: shown greyed out and not clickable. */
  enabled?: boolean;
  /** True while the action runs: a loader on the button, clicks ignored. */
  progress?: boolean;
  /** False: the form is not on screen (a closed sheet), the button is not taken. */
  active?: boolean;
}

/**
 * A form's primary action on Telegram's MainButton (the bottom button). Returns true while Telegram shows it, so the
 * form hides its in-page duplicate; outside Telegram it returns false and the in-page button stays.
 */
export function useMainButton({ text, onClick, enabled = true, progress = false, active = true }: MainButtonOptions): boolean {
  const params = useRef<MainButtonParams>({ text, enabled, progress });
  const handler = useRef(onClick);
  const held = useRef<ReturnType<typeof holdMainButton> | null>(null);
  useEffect(() => {
    handler.current = onClick;
  });
  useLayoutEffect(() => {
    params.current = { text, enabled, progress };
    held.current?.update();
  }, [text, enabled, progress]);
  useLayoutEffect(() => {
    if (!active) return undefined;
    const hold = holdMainButton({ params: () => params.current, onClick: () => handler.current() });
    held.current = hold;
    return () => {
      held.current = null;
      hold.release();
    };
  }, [active]);
  const shown = useSyncExternalStore(subscribeMainButton, isMainButtonShown, () => false);
  return active && shown;
}
