import type { InlineKeyboardButton } from 'grammy/types';
import { byId, element, fetchJson, postJson, textButton } from './launcher-dom';
import type { ChatAnswer, DoneAnswer, LauncherChatEntry } from './launcher-answers';

/** The chosen person's chat with the bot (the right column): its messages, their buttons, and a line to write. */
export interface BotChatHost {
  /** Whose chat it is: the person the mini app is open as. */
  currentUser(): number | null;
  /** A web-app button: the mini app opened at that route, as Telegram opens the button's URL. */
  openRoute(userId: number, route: string): void;
}

export class BotChat {
  constructor(private readonly host: BotChatHost) {}

  async load(): Promise<void> {
    const id = this.host.currentUser();
    if (!id) return;
    const { entries } = await fetchJson<ChatAnswer>(`/dev/api/chat/${id}`);
    const box = byId('chat');
    const atBottom = box.scrollTop + box.clientHeight >= box.scrollHeight - 8;
    box.replaceChildren(...entries.map((entry) => this.message(id, entry)));
    if (atBottom) box.scrollTop = box.scrollHeight;
  }

  /** The send form: the text goes to the bot as the chosen person wrote it. */
  listen(): void {
    element('send', HTMLFormElement).onsubmit = async (event) => {
      event.preventDefault();
      const id = this.host.currentUser();
      if (!id) return;
      await postJson<DoneAnswer>(`/dev/api/chat/${id}/send`, { text: element('text', HTMLInputElement).value });
      setTimeout(() => void this.load(), 300);
    };
  }

  private message(id: number, entry: LauncherChatEntry): HTMLElement {
    const message = document.createElement('div');
    message.className = 'msg ' + (entry.fromBot ? 'bot' : 'me');
    message.textContent = (entry.photo ? '🖼 ' : '') + (entry.text ?? entry.caption ?? '');
    const rows = entry.replyMarkup?.inline_keyboard ?? [];
    if (rows.length) {
      const keyboard = document.createElement('div');
      keyboard.className = 'kb';
      for (const row of rows) for (const button of row) keyboard.append(this.button(id, button, entry));
      message.append(keyboard);
    }
    if (entry.edited) message.append(note('edited', 'изменено'));
    if (entry.callbackAnswer) message.append(note('answer', `↳ ${entry.callbackAnswer}`));
    return message;
  }

  private button(id: number, button: InlineKeyboardButton, entry: LauncherChatEntry): HTMLButtonElement {
    const el = textButton(button.text);
    if ('callback_data' in button) {
      el.onclick = () =>
        void postJson<DoneAnswer>(`/dev/api/chat/${id}/press`, { messageId: entry.messageId, data: button.callback_data }).then(() =>
          this.load(),
        );
    } else if ('web_app' in button) {
      el.onclick = () => {
        const url = new URL(button.web_app.url);
        this.host.openRoute(id, url.pathname + url.search);
      };
    } else if ('url' in button) el.onclick = () => window.open(button.url, '_blank');
    return el;
  }
}

function note(className: string, text: string): HTMLElement {
  const el = document.createElement('div');
  el.className = className;
  el.textContent = text;
  return el;
}
