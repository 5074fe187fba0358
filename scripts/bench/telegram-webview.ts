// The part of a Telegram client the mini app talks to at start-up, as Telegram's iOS and Android clients answer it:
// the app posts through window.TelegramWebviewProxy, events come back through window.Telegram.WebView.receiveEvent.
// A string, not a function: tsx's transform would add helpers the page does not have.
import { THEMES } from '../../bot/dev/launcher/telegram-themes';

/** A script for page.addInitScript: runs in the page before any of its own. */
export function telegramWebviewScript(theme: Record<string, string>): string {
  return `(() => {
  const theme = ${JSON.stringify(theme)};
  const send = (name, data) => window.Telegram?.WebView?.receiveEvent?.(name, data);
  const insets = { top: 0, bottom: 0, left: 0, right: 0 };
  const answers = {
    web_app_request_theme: () => send('theme_changed', { theme_params: theme }),
    web_app_request_viewport: () => send('viewport_changed', { height: innerHeight, width: innerWidth, is_expanded: true, is_state_stable: true }),
    web_app_request_safe_area: () => send('safe_area_changed', insets),
    web_app_request_content_safe_area: () => send('content_safe_area_changed', insets),
  };
  // Native clients answer on a later turn of the page's event loop.
  window.TelegramWebviewProxy = { postEvent: (name) => setTimeout(() => answers[name]?.(), 0) };
})();`;
}

/** Telegram's light theme as its clients send it (the /dev launcher's table). */
export const LIGHT_THEME = THEMES.light;
