import { renderHook } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as sdk from '../../../../webapp/lib/telegram/telegram-sdk';
import { applyThemeMode } from '../../../../webapp/lib/theme/theme-mode';
import { useClosingGuard } from '../../../../webapp/lib/telegram/use-closing-guard';
import { setLaunchHash } from '../../support/launch';

// A Telegram client that sent no theme parameters at all; the SDK keeps global state, so the tests run in order.
interface NativeWindow {
  TelegramWebviewProxy?: { postEvent(name: string, json?: string): void };
}
const native = window as unknown as NativeWindow;
let posted: { name: string; data: unknown }[] = [];
const last = (name: string) => posted.filter((p) => p.name === name).at(-1)?.data;

beforeAll(() => {
  native.TelegramWebviewProxy = { postEvent: (name, json) => void posted.push({ name, data: json ? JSON.parse(json) : undefined }) };
  setLaunchHash({ platform: 'android', theme: {} });
  sessionStorage.clear();
  // The palette the page paints (theme.css is not loaded here).
  document.documentElement.style.setProperty('--bg-secondary', '#F1F2F6');
  document.documentElement.style.setProperty('--bottom-bar-bg', '#ffffff');
});
beforeEach(() => {
  posted = [];
});
afterAll(() => {
  delete native.TelegramWebviewProxy;
  document.documentElement.removeAttribute('style');
  delete document.documentElement.dataset.theme;
});

describe('the Telegram bridge with empty theme parameters', () => {
  it('keeps the light colour-scheme of the fallback palette a light system shows, not dark native controls', () => {
    expect(sdk.initTelegram({ demo: false })).toBe(true);
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(document.documentElement.style.colorScheme).toBe('light');
    expect(last('web_app_set_header_color')).toEqual({ color: '#f1f2f6' });
    expect(last('web_app_set_background_color')).toEqual({ color: '#f1f2f6' });
  });

  it("paints Telegram's title bar, background and bottom bar in the page's own colours", () => {
    // A palette forced on /theme changes the page's colours, and Telegram's follow.
    document.documentElement.style.setProperty('--bg-secondary', '#0e1621');
    document.documentElement.style.setProperty('--bottom-bar-bg', '#17212b');
    applyThemeMode('dark');
    expect(last('web_app_set_header_color')).toEqual({ color: '#0e1621' });
    expect(last('web_app_set_background_color')).toEqual({ color: '#0e1621' });
    expect(last('web_app_set_bottom_bar_color')).toEqual({ color: '#17212b' });
    expect(document.documentElement.style.colorScheme).toBe('dark');
    applyThemeMode('telegram');
  });
});

describe('useClosingGuard', () => {
  it('asks Telegram to confirm closing while any holder is active, and stops when the last one lets go', () => {
    const first = renderHook(({ active }) => useClosingGuard(active), { initialProps: { active: true } });
    expect(last('web_app_setup_closing_behavior')).toEqual({ need_confirmation: true });
    const second = renderHook(() => useClosingGuard(true));
    first.rerender({ active: false });
    expect(last('web_app_setup_closing_behavior')).toEqual({ need_confirmation: true });
    second.unmount();
    expect(last('web_app_setup_closing_behavior')).toEqual({ need_confirmation: false });
  });
});
