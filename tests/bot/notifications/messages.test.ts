import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEW_MESSAGE_TEXT } from '../../../bot/notifications/messages';
import { createPair, messagesSocket, openChatBetween, pause, sendText } from '../../support/chats';
import { createMember } from '../../support/factories';
import { createTestApp, type TestApp } from '../../support/test-app';
import { startTestBot, TEST_PUBLIC_URL, type TestBot } from '../../support/test-bot';

let app: TestApp;
let bot: TestBot;
beforeAll(async () => {
  app = await createTestApp();
  bot = await startTestBot(app.db.orm, { bus: app.bus, isOnline: (id) => app.hub.isOnline(id) });
});
afterAll(async () => {
  await bot.stop();
  await app.close();
});
const notesTo = (chatId: number) =>
  bot.telegram.callsTo('sendMessage').filter((c) => c.params.chat_id === chatId && c.params.text === NEW_MESSAGE_TEXT);
const buttonUrl = (call: { params: Record<string, unknown> }) =>
  (call.params.reply_markup as { inline_keyboard: Array<Array<{ web_app?: { url: string } }>> }).inline_keyboard[0]?.[0]?.web_app?.url;

describe('new message notifications', () => {
  it('tells an offline receiver once per chat per 5 minutes, neutrally, with a button into the chat', async () => {
    const { a, b, chatId } = await createPair(app, { displayName: 'Секретное Имя' });
    const sender = await messagesSocket(app, a);
    await sendText(sender, chatId, 'очень личный текст');
    const call = await bot.telegram.waitForCall('sendMessage', (c) => c.params.chat_id === b);
    expect(call.params.text).toBe(NEW_MESSAGE_TEXT);
    expect(buttonUrl(call)).toBe(`${TEST_PUBLIC_URL}/messages/${chatId}`);
    expect(JSON.stringify(call.params)).not.toMatch(/очень личный|Секретное/);

    await sendText(sender, chatId, 'ещё одно');
    await sendText(sender, chatId, 'и ещё');
    await pause(300);
    expect(notesTo(b)).toHaveLength(1);
    // The sender is never told about their own message.
    expect(notesTo(a)).toHaveLength(0);
    await sender.close();
  });

  it('throttles per chat: a message in another chat is a new note', async () => {
    const { a, b: receiver, chatId: first } = await createPair(app);
    const other = await createMember(app.db.orm.em.fork());
    const second = await openChatBetween(app.db.orm.em.fork(), other, receiver);
    const [s1, s2] = [await messagesSocket(app, a), await messagesSocket(app, other)];
    await sendText(s1, first, 'первый чат');
    await bot.telegram.waitForCall(
      'sendMessage',
      (c) => c.params.chat_id === receiver && buttonUrl(c)?.endsWith(`/messages/${first}`) === true,
    );
    await sendText(s2, second, 'второй чат');
    await bot.telegram.waitForCall(
      'sendMessage',
      (c) => c.params.chat_id === receiver && buttonUrl(c)?.endsWith(`/messages/${second}`) === true,
    );
    expect(notesTo(receiver)).toHaveLength(2);
    await Promise.all([s1.close(), s2.close()]);
  });

  it('says nothing to a receiver who has the app open', async () => {
    const { a, b, chatId } = await createPair(app);
    const [sender, receiver] = [await messagesSocket(app, a), await messagesSocket(app, b)];
    await sendText(sender, chatId, 'ты тут?');
    await receiver.next((m) => m.t === 'newMessage');
    await pause(300);
    expect(notesTo(b)).toHaveLength(0);
    await receiver.close();
    await pause(100);
    await sendText(sender, chatId, 'а теперь?');
    await bot.telegram.waitForCall('sendMessage', (c) => c.params.chat_id === b && c.params.text === NEW_MESSAGE_TEXT);
    await sender.close();
  });
});
