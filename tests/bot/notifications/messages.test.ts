import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEW_MESSAGE_TEXT } from '../../../bot/notifications/messages';
import { createPair, messagesSocket, openChatBetween, sendText } from '../../support/chats';
import { createMember } from '../../support/factories';
import { isMessageNotification } from '../../support/finished-jobs';
import { startAppAndBot, TEST_PUBLIC_URL, type AppAndBot } from '../../support/test-bot';

let t: AppAndBot;
beforeAll(async () => void (t = await startAppAndBot((app) => ({ isOnline: (id) => app.hub.isOnline(id) }))));
afterAll(() => t?.stop());
const notesTo = (chatId: number) =>
  t.bot.telegram.callsTo('sendMessage').filter((c) => c.params.chat_id === chatId && c.params.text === NEW_MESSAGE_TEXT);
const buttonUrl = (call: { params: Record<string, unknown> }) =>
  (call.params.reply_markup as { inline_keyboard: Array<Array<{ web_app?: { url: string } }>> }).inline_keyboard[0]?.[0]?.web_app?.url;

describe('new message notifications', () => {
  it('tells an offline receiver once per chat per 5 minutes, neutrally, with a button into the chat', async () => {
    const { a, b, chatId } = await createPair(t.app, { displayName: 'Секретное Имя' });
    const sender = await messagesSocket(t.app, a);
    await sendText(sender, chatId, 'очень личный текст');
    const call = await t.bot.telegram.waitForCall('sendMessage', (c) => c.params.chat_id === b);
    expect(call.params.text).toBe(NEW_MESSAGE_TEXT);
    expect(buttonUrl(call)).toBe(`${TEST_PUBLIC_URL}/messages/${chatId}`);
    expect(JSON.stringify(call.params)).not.toMatch(/очень личный|Секретное/);

    const more = [await sendText(sender, chatId, 'ещё одно'), await sendText(sender, chatId, 'и ещё')];
    await Promise.all(more.map((sent) => t.bot.finishedJobs.waitFor(isMessageNotification(chatId, sent.data.message!.seq as number))));
    expect(notesTo(b)).toHaveLength(1);
    // The sender is never told about their own message.
    expect(notesTo(a)).toHaveLength(0);
    await sender.close();
  });

  it('throttles per chat: a message in another chat is a new note', async () => {
    const { a, b: receiver, chatId: first } = await createPair(t.app);
    const other = await createMember(t.em());
    const second = await openChatBetween(t.em(), other, receiver);
    const [s1, s2] = [await messagesSocket(t.app, a), await messagesSocket(t.app, other)];
    await sendText(s1, first, 'первый чат');
    await t.bot.telegram.waitForCall(
      'sendMessage',
      (c) => c.params.chat_id === receiver && buttonUrl(c)?.endsWith(`/messages/${first}`) === true,
    );
    await sendText(s2, second, 'второй чат');
    await t.bot.telegram.waitForCall(
      'sendMessage',
      (c) => c.params.chat_id === receiver && buttonUrl(c)?.endsWith(`/messages/${second}`) === true,
    );
    expect(notesTo(receiver)).toHaveLength(2);
    await Promise.all([s1.close(), s2.close()]);
  });

  it('says nothing to a receiver who has the app open', async () => {
    const { a, b, chatId } = await createPair(t.app);
    const [sender, receiver] = [await messagesSocket(t.app, a), await messagesSocket(t.app, b)];
    const sent = await sendText(sender, chatId, 'ты тут?');
    await receiver.next((m) => m.t === 'newMessage');
    await t.bot.finishedJobs.waitFor(isMessageNotification(chatId, sent.data.message!.seq as number));
    expect(notesTo(b)).toHaveLength(0);
    await receiver.close();
    await expect.poll(() => t.app.hub.isOnline(b)).toBe(false);
    await sendText(sender, chatId, 'а теперь?');
    await t.bot.telegram.waitForCall('sendMessage', (c) => c.params.chat_id === b && c.params.text === NEW_MESSAGE_TEXT);
    await sender.close();
  });
});
