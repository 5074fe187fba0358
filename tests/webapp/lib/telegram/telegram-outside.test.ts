import { describe, expect, it, vi } from 'vitest';
import { closeApp, expandWindow, initTelegram, notifyReady } from '../../../../webapp/lib/telegram/telegram-sdk';
import { setLaunchHash } from '../../support/launch';

describe('the Telegram bridge in a plain browser tab', () => {
  it('does nothing and breaks nothing; closing falls back to window.close', async () => {
    setLaunchHash({ platform: 'web' });
    const close = vi.spyOn(window, 'close').mockImplementation(() => undefined);
    expect(initTelegram({ demo: false })).toBe(false);
    notifyReady();
    await expandWindow();
    closeApp();
    expect(close).toHaveBeenCalled();
  });
});
