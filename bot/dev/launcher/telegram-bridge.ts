import { fieldsOf, stringField, type EventFields } from './bridge-data';
import { closeApp, emit, frame, setFullscreen, viewportData } from './mini-app-frame';
import { logEvent } from './telegram-log';
import { openPopup, WRITE_ACCESS_POPUP } from './telegram-popup';
import { insets, paintChrome, setBackButton, setMainButton, theme, view } from './telegram-view';

/** The Telegram stand-in: answers the mini app's postEvent calls the way Telegram's web client does. */

const HANDLERS: Record<string, (fields: EventFields) => void> = {
  web_app_request_theme: () => emit('theme_changed', { theme_params: theme() }),
  web_app_request_viewport: () => emit('viewport_changed', viewportData()),
  web_app_request_safe_area: () => emit('safe_area_changed', insets().safe),
  web_app_request_content_safe_area: () => emit('content_safe_area_changed', insets().content),
  web_app_setup_back_button: (fields) => setBackButton(Boolean(fields.is_visible)),
  web_app_set_header_color: (fields) => {
    view.headerKey = stringField(fields, 'color_key') ?? view.headerKey;
    view.headerColor = stringField(fields, 'color') ?? null;
    paintChrome();
  },
  web_app_setup_main_button: (fields) => setMainButton(fields),
  web_app_open_popup: (fields) => openPopup(fields, (id) => emit('popup_closed', { button_id: id })),
  web_app_request_write_access: () =>
    openPopup(WRITE_ACCESS_POPUP, (id) => emit('write_access_requested', { status: id === 'allowed' ? 'allowed' : 'cancelled' })),
  web_app_close: () => closeApp(),
  web_app_open_tg_link: (fields) => window.open(`https://t.me${stringField(fields, 'path_full') ?? ''}`, '_blank', 'noopener'),
  web_app_open_link: (fields) => {
    const url = stringField(fields, 'url');
    if (url) window.open(url, '_blank', 'noopener');
  },
  web_app_request_fullscreen: () => {
    setFullscreen(true);
    emit('fullscreen_changed', { is_fullscreen: true });
  },
  web_app_exit_fullscreen: () => {
    setFullscreen(false);
    emit('fullscreen_changed', { is_fullscreen: false });
  },
};

/** A bridge message's data: the SDK posts it as an object or as JSON text (null when it is not JSON). */
function parsed(data: unknown): unknown {
  if (typeof data !== 'string') return data;
  try {
    return JSON.parse(data || 'null') as unknown;
  } catch {
    return null;
  }
}

function hapticNote(eventType: string, fields: EventFields): string {
  if (eventType !== 'web_app_trigger_haptic_feedback') return '';
  const style = stringField(fields, 'impact_style') ?? stringField(fields, 'notification_type') ?? '';
  return ` (вибро: ${String(fields.type)} ${style})`;
}

function onMessage(event: MessageEvent): void {
  if (event.source !== frame().contentWindow || event.origin !== location.origin) return;
  const message = fieldsOf(parsed(event.data));
  const eventType = message.eventType;
  if (typeof eventType !== 'string') return;
  const data = parsed(message.eventData);
  const fields = fieldsOf(data);
  logEvent(`← ${eventType} ${data === undefined ? '' : JSON.stringify(data)}${hapticNote(eventType, fields)}`);
  if (Object.hasOwn(HANDLERS, eventType)) HANDLERS[eventType]?.(fields);
}

export function listenToMiniApp(): void {
  window.addEventListener('message', onMessage);
}
