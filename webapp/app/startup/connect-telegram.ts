import { getAppConfig } from '../../lib/app-config';
import { loadSdk } from '../../lib/telegram/sdk';
import { expandWindow, initTelegram, notifyReady } from '../../lib/telegram/telegram-sdk';

/**
 * Connects to Telegram once the SDK's chunk has arrived (it loads beside the entry): init and theme, readiness, then
 * the expanded window; each step reported as it happens. Start-up does not hold its first screen for it.
 */
export async function connectTelegram(report: (step: 'ready' | 'expand') => void): Promise<void> {
  const loaded = await loadSdk().then(
    () => true,
    () => false,
  );
  if (!loaded || !initTelegram({ demo: getAppConfig().demo })) return;
  report('ready');
  notifyReady();
  report('expand');
  await expandWindow();
}
