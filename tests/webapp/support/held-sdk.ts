import { vi } from 'vitest';
import { installTelegramClient, type FakeTelegramClient } from './telegram-client';

/**
 * The Telegram SDK's chunk held back until `arrive()`: the app's modules are loaded afresh (the shared set-up has
 * loaded the SDK for other files), with the SDK's import waiting; import the modules under test after this. A fake
 * Telegram client answers as Android's does. The SDK keeps global state: one test per file.
 */
export function holdSdk(): { arrive: () => void; client: FakeTelegramClient } {
  vi.resetModules();
  let arrive: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  vi.doMock('../../../webapp/lib/telegram/sdk-parts', async (importOriginal) => {
    await arrived;
    return importOriginal();
  });
  const client = installTelegramClient();
  client.answers.web_app_request_viewport = () =>
    client.send('viewport_changed', { height: 700, width: 390, is_expanded: true, is_state_stable: true });
  client.answers.web_app_request_safe_area = () => client.send('safe_area_changed', { top: 24, bottom: 0, left: 0, right: 0 });
  client.answers.web_app_request_content_safe_area = () =>
    client.send('content_safe_area_changed', { top: 0, bottom: 0, left: 0, right: 0 });
  return { arrive, client };
}
