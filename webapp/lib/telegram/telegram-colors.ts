import { sdk } from './sdk';

const HEX = /^#[0-9a-f]{6}$/i;

/** A palette colour as the page resolves it right now (Telegram's, a forced one or the fallback). */
function cssColour(name: string): `#${string}` | null {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return HEX.test(value) ? (value.toLowerCase() as `#${string}`) : null;
}

/**
 * Telegram's title bar, window background and bottom bar take the colours the app paints under them, so the app's top
 * edge and Telegram's own header read as one surface (the frame draws no header of its own on the main screens).
 */
export function syncTelegramColors(): void {
  const miniApp = sdk()?.miniApp;
  if (!miniApp?.isMounted()) return;
  const surface = cssColour('--bg-secondary');
  const bar = cssColour('--bottom-bar-bg');
  try {
    if (surface) miniApp.setHeaderColor.ifAvailable(surface);
    if (surface) miniApp.setBgColor.ifAvailable(surface);
    if (bar) miniApp.setBottomBarColor.ifAvailable(bar);
  } catch {
    // An older client without these methods keeps its own colours.
  }
}
