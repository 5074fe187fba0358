import { byId, textButton } from './launcher-dom';
import { fieldsOf, stringField, type EventFields } from './bridge-data';

/** Telegram's native pop-up over the app: the pressed button's id goes back to the app. */

const POPUP_WORDS: Record<string, string> = { ok: 'OK', close: 'Закрыть', cancel: 'Отмена' };

function popupButton(fields: EventFields, onClose: (buttonId: string) => void): HTMLButtonElement {
  const type = stringField(fields, 'type') ?? '';
  const button = textButton(stringField(fields, 'text') ?? POPUP_WORDS[type] ?? '');
  if (type === 'destructive') button.className = 'destructive';
  button.onclick = () => {
    closePopup();
    onClose(stringField(fields, 'id') ?? '');
  };
  return button;
}

export function openPopup(fields: EventFields, onClose: (buttonId: string) => void): void {
  byId('tg-popup-title').textContent = stringField(fields, 'title') ?? '';
  byId('tg-popup-message').textContent = stringField(fields, 'message') ?? '';
  const buttons = Array.isArray(fields.buttons) && fields.buttons.length ? fields.buttons.map(fieldsOf) : [{ type: 'close' }];
  byId('tg-popup-buttons').replaceChildren(...buttons.map((button) => popupButton(button, onClose)));
  byId('tg-popup').hidden = false;
}

export function closePopup(): void {
  byId('tg-popup').hidden = true;
}

/** What Telegram asks before a bot may write to the person (web_app_request_write_access). */
export const WRITE_ACCESS_POPUP = {
  title: 'Разрешить сообщения?',
  message: 'Бот приложения сможет присылать вам сообщения в Telegram.',
  buttons: [
    { id: 'cancelled', type: 'default', text: 'Отмена' },
    { id: 'allowed', type: 'default', text: 'Разрешить' },
  ],
};
