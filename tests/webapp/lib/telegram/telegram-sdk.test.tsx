import { renderHook } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { haptics } from '../../../../webapp/lib/telegram/haptics';
import * as sdk from '../../../../webapp/lib/telegram/telegram-sdk';
import { useTelegramBackButton } from '../../../../webapp/lib/telegram/use-back-button';
import { useDisableVerticalSwipes } from '../../../../webapp/lib/telegram/use-vertical-swipes';
import { setLaunchHash } from '../../support/launch';

// The SDK keeps global state, so these tests share one connected client, in order.
interface Posted {
  name: string;
  data: unknown;
}
interface NativeWindow {
  TelegramWebviewProxy?: { postEvent(name: string, json?: string): void };
  Telegram?: { WebView?: { receiveEvent(name: string, data?: unknown): void } };
}
const native = window as unknown as NativeWindow;
let posted: Posted[] = [];

/** Telegram's native clients: the app posts through TelegramWebviewProxy, events come back through receiveEvent. */
function send(name: string, data?: unknown) {
  native.Telegram?.WebView?.receiveEvent(name, data);
}
const ANSWERS: Record<string, () => void> = {
  web_app_request_safe_area: () => send('safe_area_changed', { top: 47, bottom: 34, left: 0, right: 0 }),
  web_app_request_content_safe_area: () => send('content_safe_area_changed', { top: 46, bottom: 0, left: 0, right: 0 }),
  web_app_request_viewport: () => send('viewport_changed', { height: 700, width: 390, is_expanded: true, is_state_stable: true }),
};
const namesPosted = () => posted.map((p) => p.name);
const cssVar = (name: string) => document.documentElement.style.getPropertyValue(name);

beforeAll(() => {
  native.TelegramWebviewProxy = {
    postEvent(name, json) {
      posted.push({ name, data: json ? JSON.parse(json) : undefined });
      setTimeout(() => ANSWERS[name]?.(), 0);
    },
  };
  setLaunchHash({ platform: 'ios', theme: { bg_color: '#ffffff', text_color: '#000000', button_color: '#3390ec' } });
  sessionStorage.clear();
});
beforeEach(() => {
  // The shared set-up clears the URL after each test; the SDK keeps its own copy of the launch parameters.
  posted = [];
});
afterAll(() => {
  delete native.TelegramWebviewProxy;
  delete native.Telegram;
  document.documentElement.removeAttribute('style');
  delete document.documentElement.dataset.theme;
});

describe('the Telegram bridge inside a Telegram client', () => {
  it('connects, reports readiness, expands and takes the viewport and safe-area insets', async () => {
    expect(sdk.initTelegram({ demo: false })).toBe(true);
    expect(namesPosted()).toContain('iframe_ready');
    sdk.notifyReady();
    expect(namesPosted()).toContain('web_app_ready');
    await sdk.expandWindow();
    expect(namesPosted()).toEqual(
      expect.arrayContaining([
        'web_app_request_viewport',
        'web_app_request_safe_area',
        'web_app_request_content_safe_area',
        'web_app_expand',
      ]),
    );
    expect(cssVar('--tg-viewport-safe-area-inset-top')).toBe('47px');
    expect(cssVar('--tg-viewport-content-safe-area-inset-top')).toBe('46px');
    expect(cssVar('--tg-viewport-stable-height')).toBe('700px');
  });

  it('binds themeParams as CSS variables and follows theme_changed live, light and dark', () => {
    expect(cssVar('--tg-theme-bg-color')).toBe('#ffffff');
    expect(document.documentElement.dataset.theme).toBe('light');
    send('theme_changed', { theme_params: { bg_color: '#212121', text_color: '#ffffff', button_color: '#8774e1' } });
    expect(cssVar('--tg-theme-bg-color')).toBe('#212121');
    expect(cssVar('--tg-theme-button-color')).toBe('#8774e1');
    expect(document.documentElement.dataset.theme).toBe('dark');
  });

  it('shows the BackButton while asked, calls back when it is pressed, hides it afterwards', () => {
    const onBack = vi.fn();
    const { rerender } = renderHook(({ visible }) => useTelegramBackButton(visible, onBack), { initialProps: { visible: true } });
    expect(posted.filter((p) => p.name === 'web_app_setup_back_button').at(-1)?.data).toEqual({ is_visible: true });
    send('back_button_pressed');
    expect(onBack).toHaveBeenCalledTimes(1);
    rerender({ visible: false });
    expect(posted.filter((p) => p.name === 'web_app_setup_back_button').at(-1)?.data).toEqual({ is_visible: false });
    send('back_button_pressed');
    expect(onBack).toHaveBeenCalledTimes(1);
  });

  it('closes the app, opens the support chat and plays haptics through the SDK', () => {
    haptics.impact('medium');
    haptics.notify('success');
    sdk.openTelegramHandle('@orbita_support');
    sdk.closeApp();
    expect(posted.filter((p) => p.name === 'web_app_trigger_haptic_feedback').map((p) => p.data)).toEqual([
      { type: 'impact', impact_style: 'medium' },
      { type: 'notification', notification_type: 'success' },
    ]);
    expect(posted.find((p) => p.name === 'web_app_open_tg_link')?.data).toEqual({ path_full: '/orbita_support' });
    expect(namesPosted()).toContain('web_app_close');
  });

  it('turns vertical swipes off only while a swipe UI is on screen', () => {
    const { unmount } = renderHook(() => useDisableVerticalSwipes(true));
    expect(posted.filter((p) => p.name === 'web_app_setup_swipe_behavior').at(-1)?.data).toEqual({ allow_vertical_swipe: false });
    unmount();
    expect(posted.filter((p) => p.name === 'web_app_setup_swipe_behavior').at(-1)?.data).toEqual({ allow_vertical_swipe: true });
  });
});
