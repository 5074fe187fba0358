import { deviceStorage } from '../device-storage';
import { sdk } from '../telegram/sdk';
import { syncTelegramColors } from '../telegram/telegram-colors';

/** 'telegram' follows Telegram's theme (the system's outside Telegram); the others force a palette. */
const THEME_MODES = ['telegram', 'light', 'dark'] as const;
export type ThemeMode = (typeof THEME_MODES)[number];

const STORAGE_KEY = 'theme-mode';

export function readThemeMode(): ThemeMode {
  const saved = deviceStorage.get(STORAGE_KEY);
  return (THEME_MODES as readonly string[]).includes(saved ?? '') ? (saved as ThemeMode) : 'telegram';
}

/**
 * Whether the palette in use is dark: Telegram's when it sent a background colour; otherwise the CSS fallback palette,
 * which follows the system's scheme (the SDK calls empty parameters dark, which painted dark controls on a light page).
 */
export function paletteIsDark(): boolean {
  try {
    const themeParams = sdk()?.themeParams;
    if (themeParams?.isMounted() && themeParams.bgColor()) return themeParams.isDark();
  } catch {
    // not inside Telegram
  }
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches;
}

/**
 * Puts the mode on <html>: data-theme-mode selects a forced palette in theme.css, and data-theme says light or
 * dark either way (the Telegram bridge leaves data-theme alone while a palette is forced).
 */
export function applyThemeMode(mode: ThemeMode): void {
  const root = document.documentElement;
  const dark = mode === 'telegram' ? paletteIsDark() : mode === 'dark';
  if (mode === 'telegram') delete root.dataset.themeMode;
  else root.dataset.themeMode = mode;
  root.dataset.theme = dark ? 'dark' : 'light';
  root.style.colorScheme = dark ? 'dark' : 'light';
  syncTelegramColors();
}

/** Applies the mode at once and remembers it for the next launch. */
export function setThemeMode(mode: ThemeMode): void {
  deviceStorage.set(STORAGE_KEY, mode);
  applyThemeMode(mode);
}
