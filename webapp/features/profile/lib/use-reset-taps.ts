import { useEffect, useRef } from 'react';
import { showToast } from '../../../components/ui/toast-store';
import { closeApp } from '../../../lib/telegram/telegram-sdk';
import { wipeLocalData } from './wipe-local-data';

export const RESET_TAPS = 5;
export const CLOSE_DELAY_MS = 1000;
/** Taps further apart than this start the count again, so stray taps over a session never add up. */
export const TAP_WINDOW_MS = 3000;

const tapsWord = (n: number) => (n === 1 ? 'нажатие' : n < 5 ? 'нажатия' : 'нажатий');

export const remainingTapsText = (left: number) => `Ещё ${left} ${tapsWord(left)} до сброса данных`;
export const RESET_DONE_TEXT = 'Данные приложения очищены';

/** The version footer's easter egg: the fifth tap wipes local data and closes the app after 1 s. */
export function useResetTaps(): () => void {
  const taps = useRef({ count: 0, at: 0 });
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => clearTimeout(closeTimer.current ?? undefined), []);

  return () => {
    const now = Date.now();
    const count = now - taps.current.at > TAP_WINDOW_MS ? 1 : taps.current.count + 1;
    taps.current = { count, at: now };
    const left = RESET_TAPS - count;
    if (left > 0) {
      showToast({ text: remainingTapsText(left), durationMs: 1500 });
      return;
    }
    taps.current = { count: 0, at: 0 };
    void wipeLocalData().then(() => {
      showToast({ text: RESET_DONE_TEXT, tone: 'success', durationMs: CLOSE_DELAY_MS });
      closeTimer.current = setTimeout(closeApp, CLOSE_DELAY_MS);
    });
  };
}
