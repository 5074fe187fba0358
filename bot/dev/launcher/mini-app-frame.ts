import { byId, element } from './launcher-dom';
import { closePopup } from './telegram-popup';
import { logEvent } from './telegram-log';
import { insets, paintChrome, setBackButton, setMainButton, theme, view } from './telegram-view';

/** The mini app's frame in the phone: opened with Telegram's launch parameters, told Telegram's events. */

export const frame = () => element('app', HTMLIFrameElement);

/** An event from Telegram to the app, as Telegram's web client posts it into the frame. */
export function emit(eventType: string, eventData?: unknown): void {
  frame().contentWindow?.postMessage(JSON.stringify({ eventType, eventData }), location.origin);
  logEvent(`→ ${eventType} ${eventData === undefined ? '' : JSON.stringify(eventData)}`);
}

export const viewportData = () => ({ height: frame().clientHeight, width: frame().clientWidth, is_expanded: true, is_state_stable: true });

/** Opens `url` (a route and its hash of launch parameters) with the chosen theme and screen. */
export function launch(url: string): void {
  const hashAt = url.indexOf('#');
  const params = new URLSearchParams(url.slice(hashAt + 1));
  params.set('tgWebAppThemeParams', JSON.stringify(theme()));
  if (view.fullscreen) params.set('tgWebAppFullscreen', '1');
  else params.delete('tgWebAppFullscreen');
  setBackButton(false);
  setMainButton(null);
  closePopup();
  byId('closed').hidden = true;
  frame().hidden = false;
  frame().src = `${url.slice(0, hashAt)}#${params}`;
  logEvent(`открыто ${url.slice(0, hashAt) || '/'}`);
}

/** The app closed (web_app_close or '✕ Закрыть'): 'Приложение закрыто' with 'Открыть снова'. */
export function closeApp(): void {
  setMainButton(null);
  frame().hidden = true;
  frame().src = 'about:blank';
  byId('closed').hidden = false;
}

export function setFullscreen(on: boolean): void {
  view.fullscreen = on;
  element('fullscreen', HTMLInputElement).checked = on;
  paintChrome();
  emit('safe_area_changed', insets().safe);
  emit('content_safe_area_changed', insets().content);
}
