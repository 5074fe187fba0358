import { byId, element } from './launcher-dom';
import { stringField, type EventFields } from './bridge-data';
import { THEMES, themeNamed, type ThemeName } from './telegram-themes';

/** What Telegram draws around the mini app: the header in the app's colour, the back button, the MainButton. */

const NO_INSETS = { top: 0, bottom: 0, left: 0, right: 0 };

export const view: { theme: ThemeName; fullscreen: boolean; headerKey: string; headerColor: string | null } = {
  theme: themeNamed(localStorage.getItem('dev-theme')),
  fullscreen: false,
  headerKey: 'bg_color',
  headerColor: null,
};

export const theme = () => THEMES[view.theme];

/** The safe areas Telegram reports: in full screen, the phone's notch and home bar and its own floating buttons. */
export const insets = () =>
  view.fullscreen
    ? { safe: { ...NO_INSETS, top: 47, bottom: 34 }, content: { ...NO_INSETS, top: 46 } }
    : { safe: NO_INSETS, content: NO_INSETS };

export function paintChrome(): void {
  const phone = byId('phone');
  phone.style.setProperty('--tg-header', view.headerColor ?? theme()[view.headerKey] ?? theme().bg_color ?? '');
  phone.style.setProperty('--tg-bg', theme().bg_color ?? '');
  phone.style.setProperty('--tg-text', theme().text_color ?? '');
  phone.classList.toggle('fullscreen', view.fullscreen);
}

export function setBackButton(visible: boolean): void {
  byId('tg-back').hidden = !visible;
  byId('tg-close').hidden = visible;
}

/** Telegram's MainButton under the app, as its clients draw it (null: hidden). */
export function setMainButton(fields: EventFields | null): void {
  const button = element('tg-main', HTMLButtonElement);
  button.hidden = !fields?.is_visible;
  button.disabled = fields?.is_active === false || Boolean(fields?.is_progress_visible);
  button.textContent = fields?.is_progress_visible ? '…' : ((fields && stringField(fields, 'text')) ?? '');
  const phone = byId('phone');
  phone.style.setProperty('--tg-button', (fields && stringField(fields, 'color')) ?? theme().button_color ?? '#3390ec');
  phone.style.setProperty('--tg-button-text', (fields && stringField(fields, 'text_color')) ?? theme().button_text_color ?? '#fff');
}
