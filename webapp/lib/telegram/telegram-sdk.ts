import { paletteIsDark } from '../theme/theme-mode';
import { markTelegramConnected, sdk } from './sdk';
import { syncTelegramColors } from './telegram-colors';

let initialised = false;

/** SDK calls never break the app: outside a Telegram client (a plain browser tab) they simply do nothing. */
function attempt(action: () => unknown): boolean {
  try {
    action();
    return true;
  } catch {
    return false;
  }
}

function followColorScheme({ themeParams }: NonNullable<ReturnType<typeof sdk>>): void {
  const apply = () => {
    // A light or dark palette chosen on /theme wins over Telegram's (lib/theme/theme-mode.ts).
    if (!document.documentElement.dataset.themeMode) {
      const dark = paletteIsDark();
      document.documentElement.dataset.theme = dark ? 'dark' : 'light';
      document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
    }
    syncTelegramColors();
  };
  if (!themeParams.isMounted()) return;
  apply();
  themeParams.bgColor.sub(apply);
  themeParams.secondaryBgColor.sub(apply);
  // Empty theme parameters leave the fallback palette, which follows the system's scheme.
  window.matchMedia?.('(prefers-color-scheme: dark)').addEventListener?.('change', apply);
}

/**
 * Connects to the Telegram client and binds its theme as --tg-theme-* CSS variables, followed live; then what screens
 * already hold (buttons, settings) is applied (lib/telegram/sdk.ts onTelegramConnected). Needs the SDK loaded (lib/telegram/sdk.ts
 * loadSdk): false without it, as outside Telegram.
 */
export function initTelegram(opts: { demo: boolean }): boolean {
  if (initialised) return true;
  const loaded = sdk();
  if (!loaded) return false;
  const { backButton, closingBehavior, init, mainButton, miniApp, setTargetOrigin, settingsButton, swipeBehavior, themeParams } = loaded;
  // The /dev launcher plays Telegram's web client from our own origin.
  if (opts.demo) setTargetOrigin(window.location.origin);
  // No style element for Telegram's custom styles: the page's Content-Security-Policy admits no inline styles.
  initialised = attempt(() => init({ acceptCustomStyles: false }));
  if (!initialised) return false;
  attempt(() => themeParams.mount());
  attempt(() => themeParams.bindCssVars());
  attempt(() => miniApp.mount());
  attempt(() => miniApp.bindCssVars());
  attempt(() => backButton.mount());
  attempt(() => mainButton.mount());
  attempt(() => settingsButton.mount.ifAvailable());
  attempt(() => swipeBehavior.mount.ifAvailable());
  attempt(() => closingBehavior.mount.ifAvailable());
  followColorScheme(loaded);
  markTelegramConnected();
  return true;
}

export function notifyReady(): void {
  attempt(() => sdk()?.miniApp.ready.ifAvailable());
}

/** Expands the window and binds viewport size and safe-area insets as --tg-viewport-* CSS variables. */
export async function expandWindow(): Promise<void> {
  const viewport = sdk()?.viewport;
  if (!initialised || !viewport) return;
  try {
    await viewport.mount({ timeout: 1500 });
    viewport.bindCssVars();
  } catch {
    // A client that does not answer leaves the CSS fallbacks (100dvh, env(safe-area-inset-*)).
  }
  attempt(() => viewport.expand.ifAvailable());
}

export function closeApp(): void {
  const miniApp = sdk()?.miniApp;
  if (!miniApp || !attempt(() => miniApp.close())) window.close();
}

/** Opens a t.me link inside Telegram, or a new tab elsewhere. */
export function openTelegramHandle(handle: string): void {
  const url = `https://t.me/${handle.replace(/^@/, '')}`;
  const openLink = sdk()?.openTelegramLink;
  if (!openLink || !attempt(() => openLink(url))) window.open(url, '_blank', 'noopener');
}
