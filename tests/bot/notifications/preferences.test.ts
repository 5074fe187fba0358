import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MATCH_TEXT, NEW_LIKE_TEXT } from '../../../bot/notifications/likes';
import { NEW_MESSAGE_TEXT } from '../../../bot/notifications/messages';
import { swipe } from '../../../db/likes/likes.service';
import { apiGet, apiPost, createPair, messagesSocket, sendText } from '../../support/chats';
import { createMember, createMembers, introduce } from '../../support/factories';
import { isMessageNotification, isNotificationOf } from '../../support/finished-jobs';
import { startAppAndBot, type AppAndBot } from '../../support/test-bot';

let t: AppAndBot;
beforeAll(async () => void (t = await startAppAndBot((app) => ({ isOnline: (id) => app.hub.isOnline(id) }))));
afterAll(() => t?.stop());
const em = () => t.em();
const sentTo = (chatId: number, text: string) =>
  t.bot.telegram.callsTo('sendMessage').filter((c) => c.params.chat_id === chatId && c.params.text === text);
const switches = (userId: number, body: Record<string, unknown>) => apiPost(t.app, userId, '/api/notifications/settings', body);

describe('GET/POST /api/notifications/settings', () => {
  it('start all on, save any subset and read back the saved switches', async () => {
    const me = await createMember(em());
    expect((await apiGet(t.app, me, '/api/notifications/settings')).body).toEqual({
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
    expect((await apiGet(t.app, me, '/api/notifications/settings')).body.settings).toEqual({
      likes: true,
      matches: true,
      messages: false,
      moderation: true,
    });
    // Privacy settings saved later keep the switches.
    await apiPost(t.app, me, '/api/privacy/settings', { autoDeleteMessages: 'DAY' });
    expect((await apiGet(t.app, me, '/api/notifications/settings')).body.settings.messages).toBe(false);
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
    // The feed served both cards to the liker.
    await introduce(em(), from!, quiet!, loud!);
    await switches(quiet!, { likes: false });
    await swipe(em(), t.app.bus, { fromId: from!, toId: quiet!, kind: 'LIKE' });
    await swipe(em(), t.app.bus, { fromId: from!, toId: loud!, kind: 'LIKE' });
    await t.bot.finishedJobs.waitFor(isNotificationOf('like.created', { fromId: from!, toId: quiet! }));
    expect(sentTo(quiet!, NEW_LIKE_TEXT)).toHaveLength(0);
    await t.bot.telegram.waitForCall('sendMessage', (c) => c.params.chat_id === loud && c.params.text === NEW_LIKE_TEXT);
  });

  it('silence match notes for the user who switched them off, the other still hears', async () => {
    const [quiet, loud] = await createMembers(em(), 2, { age: 18 });
    // The feed served the loud one's card to the quiet one, whose like then introduces them back.
    await introduce(em(), quiet!, loud!);
    await switches(quiet!, { matches: false, likes: false });
    await swipe(em(), t.app.bus, { fromId: quiet!, toId: loud!, kind: 'LIKE' });
    const { chatId } = await swipe(em(), t.app.bus, { fromId: loud!, toId: quiet!, kind: 'LIKE' });
    await t.bot.telegram.waitForCall('sendMessage', (c) => c.params.chat_id === loud && c.params.text === MATCH_TEXT);
    await t.bot.finishedJobs.waitFor(isNotificationOf('match.created', { chatId }));
    expect(sentTo(quiet!, MATCH_TEXT)).toHaveLength(0);
  });

  it('silence new-message notes, and turning them back on restores them', async () => {
    const { a, b, chatId } = await createPair(t.app);
    await switches(b, { messages: false });
    const sender = await messagesSocket(t.app, a);
    const sent = await sendText(sender, chatId, 'привет');
    await t.bot.finishedJobs.waitFor(isMessageNotification(chatId, sent.data.message!.seq as number));
    expect(sentTo(b, NEW_MESSAGE_TEXT)).toHaveLength(0);
    await switches(b, { messages: true });
    await sendText(sender, chatId, 'ты тут?');
    await t.bot.telegram.waitForCall('sendMessage', (c) => c.params.chat_id === b && c.params.text === NEW_MESSAGE_TEXT);
    await sender.close();
  });
});
