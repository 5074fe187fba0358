import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MATCH_TEXT, NEW_LIKE_TEXT } from '../../../bot/notifications/likes';
import { NEW_MESSAGE_TEXT } from '../../../bot/notifications/messages';
import { swipe } from '../../../db/likes/likes.service';
import { apiGet, apiPost, createPair, messagesSocket, pause, sendText } from '../../support/chats';
import { createMember, createMembers } from '../../support/factories';
import { createTestApp, type TestApp } from '../../support/test-app';
import { startTestBot, type TestBot } from '../../support/test-bot';

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
const em = () => app.db.orm.em.fork();
const sentTo = (chatId: number, text: string) =>
  bot.telegram.callsTo('sendMessage').filter((c) => c.params.chat_id === chatId && c.params.text === text);
const switches = (userId: number, body: Record<string, unknown>) => apiPost(app, userId, '/api/notifications/settings', body);

describe('GET/POST /api/notifications/settings', () => {
  it('start all on, save any subset and read back the saved switches', async () => {
    const me = await createMember(em());
    expect((await apiGet(app, me, '/api/notifications/settings')).body).toEqual({
      ok: true,
      settings: { likes: true, matches: true, messages: true, moderation: true },
    });
    const saved = await switches(me, { messages: false, moderation: false });
    expect(saved.body).toEqual({
      ok: true,
      settings: { likes: true, matches: true, messages: false, moderation: false },
      message: 'Настройки сохранены',
    });
    await switches(me, { moderation: true });
    expect((await apiGet(app, me, '/api/notifications/settings')).body.settings).toEqual({
      likes: true,
      matches: true,
      messages: false,
      moderation: true,
    });
    // Privacy settings saved later keep the switches.
    await apiPost(app, me, '/api/privacy/settings', { autoDeleteMessages: 'DAY' });
    expect((await apiGet(app, me, '/api/notifications/settings')).body.settings.messages).toBe(false);
  });

  it('refuse an empty or malformed body', async () => {
    const me = await createMember(em());
    for (const body of [{}, { likes: 'no' }]) expect((await switches(me, body)).status).toBe(400);
    expect((await switches(me, {})).body.message).toBe('Нет настроек для сохранения');
  });
});

describe('switched-off notifications', () => {
  it('silence new-like notes for that user only', async () => {
    const [quiet, loud, from] = await createMembers(em(), 3, { age: 16 });
    await switches(quiet!, { likes: false });
    await swipe(em(), app.bus, { fromId: from!, toId: quiet!, kind: 'LIKE' });
    await swipe(em(), app.bus, { fromId: from!, toId: loud!, kind: 'LIKE' });
    await bot.telegram.waitForCall('sendMessage', (c) => c.params.chat_id === loud && c.params.text === NEW_LIKE_TEXT);
    await pause(300);
    expect(sentTo(quiet!, NEW_LIKE_TEXT)).toHaveLength(0);
  });

  it('silence match notes for the user who switched them off, the other still hears', async () => {
    const [quiet, loud] = await createMembers(em(), 2, { age: 18 });
    await switches(quiet!, { matches: false, likes: false });
    await swipe(em(), app.bus, { fromId: quiet!, toId: loud!, kind: 'LIKE' });
    await swipe(em(), app.bus, { fromId: loud!, toId: quiet!, kind: 'LIKE' });
    await bot.telegram.waitForCall('sendMessage', (c) => c.params.chat_id === loud && c.params.text === MATCH_TEXT);
    await pause(300);
    expect(sentTo(quiet!, MATCH_TEXT)).toHaveLength(0);
  });

  it('silence new-message notes, and turning them back on restores them', async () => {
    const { a, b, chatId } = await createPair(app);
    await switches(b, { messages: false });
    const sender = await messagesSocket(app, a);
    await sendText(sender, chatId, 'привет');
    await pause(400);
    expect(sentTo(b, NEW_MESSAGE_TEXT)).toHaveLength(0);
    await switches(b, { messages: true });
    await sendText(sender, chatId, 'ты тут?');
    await bot.telegram.waitForCall('sendMessage', (c) => c.params.chat_id === b && c.params.text === NEW_MESSAGE_TEXT);
    await sender.close();
  });
});
