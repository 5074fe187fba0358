import { getAppConfig } from '../../lib/app-config';
import { loadSdk } from '../../lib/telegram/sdk';

/**
 * Connects to Telegram once the SDK's chunk has arrived (it loads beside the entry): init and theme, readiness, then
 * the expanded window; each step reported as it happens. Start-up does not hold its first screen for it.
 */
export async function connectTelegram(report: (step: 'ready' | 'expand') => void): Promise<void> {
  // What talks to the SDK comes with it (its chunk), not in the entry.
  const telegram = await loadSdk().then(
    () => import('../../lib/telegram/telegram-sdk'),
    () => null,
  );
  if (!telegram) return;
  const { expandWindow, initTelegram, notifyReady } = telegram;
  if (!initTelegram({ demo: getAppConfig().demo })) return;
  report('ready');
  notifyReady();
  report('expand');
  await expandWindow();
}
