import { useEffect, useRef } from 'react';
import { showToast } from '../../../components/ui/toast-store';
import { closeApp } from '../../../lib/telegram/telegram-sdk';
import { wipeLocalData } from './wipe-local-data';

const RESET_TAPS = 5;
const CLOSE_DELAY_MS = 1000;

const tapsWord = (n: number) => (n === 1 ? 'нажатие' : n < 5 ? 'нажатия' : 'нажатий');

const remainingTapsText = (left: number) => `Ещё ${left} ${tapsWord(left)} до сброса данных`;
const RESET_DONE_TEXT = 'Данные приложения очищены';
/** end-user.md §8 Privacy. */
const RESET_FAILED_TEXT = 'Ошибка при очистке данных';

/**
 * The version footer's easter egg (end-user.md §2): the fifth press wipes local data and closes the app after 1 s.
 * The spec sets no time limit between presses, so the count lasts while the screen is open.
 */
export function useResetTaps(): () => void {
  const taps = useRef(0);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => clearTimeout(closeTimer.current ?? undefined), []);

  return () => {
    taps.current += 1;
    const left = RESET_TAPS - taps.current;
    if (left > 0) {
      showToast({ text: remainingTapsText(left), durationMs: 1500 });
      return;
    }
    taps.current = 0;
    wipeLocalData().then(
      () => {
        showToast({ text: RESET_DONE_TEXT, tone: 'success', durationMs: CLOSE_DELAY_MS });
        closeTimer.current = setTimeout(closeApp, CLOSE_DELAY_MS);
      },
      // The app stays open so the user can read the error and try again.
      () => showToast({ text: RESET_FAILED_TEXT, tone: 'error' }),
    );
  };
}
