import type { FakeTelegram, FakeUser, RecordedCall } from '../../bot/dev/fake-telegram';
import type { Actor } from './moderation';

export interface Button {
  text: string;
  callback_data?: string;
  web_app?: { url: string };
}

export const buttonsOf = (markup: unknown): Button[] =>
  ((markup as { inline_keyboard?: Button[][] } | undefined)?.inline_keyboard ?? []).flat();

export const asFakeUser = (actor: Pick<Actor, 'id' | 'username'>): FakeUser => ({
  id: actor.id,
  first_name: 'Сотрудник',
  username: actor.username,
});

/** The bot's post about item #id (or report #id) in a chat: the message that carries the keyboard. */
export async function postIn(telegram: FakeTelegram, chatId: number, marker: string): Promise<RecordedCall> {
  return telegram.waitForCall('sendMessage', (c) => c.params.chat_id === chatId && String(c.params.text).includes(marker), 8000);
}

export function lastBotMessage(telegram: FakeTelegram, chatId: number, marker: string) {
  return telegram
    .chatLog(chatId)
    .filter((e) => e.fromBot && (e.text ?? e.caption ?? '').includes(marker))
    .at(-1);
}

/** Presses a button and resolves with the answer the presser saw. */
export async function press(telegram: FakeTelegram, who: FakeUser, chatId: number, messageId: number, data: string): Promise<string> {
  const id = telegram.injectCallback(who, messageId, data, chatId);
  const answer = await telegram.waitForCall('answerCallbackQuery', (c) => c.params.callback_query_id === id, 8000);
  return String(answer.params.text ?? '');
}

/** Waits until `check` holds (the bot edits messages after the event is published). */
export async function eventually<T>(
  check: () => T | null | undefined | false | Promise<T | null | undefined | false>,
  timeoutMs = 8000,
): Promise<T> {
  const started = Date.now();
  for (;;) {
    try {
      const value = await check();
      if (value) return value;
    } catch (err) {
      if (Date.now() - started > timeoutMs) throw err;
    }
    if (Date.now() - started > timeoutMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
