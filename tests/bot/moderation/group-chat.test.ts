import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BAN_PRESETS as BLOCK_PRESETS } from '../../../contracts/moderation-reasons';
import { BANNED_TEXT } from '../../../bot/notifications/moderation-outcome';
import { ModerationItem } from '../../../db/moderation/moderation-item.entity';
import { ensurePlaces } from '../../../db/places/ensure-places';
import { Report } from '../../../db/reports/report.entity';
import { User } from '../../../db/users/user.entity';
import { asFakeUser, buttonsOf, eventually, lastBotMessage, postIn, press } from '../../support/bot-moderation';
import { apiPost, createPair } from '../../support/chats';
import { createActor, decide, pendingItem, submittedRegistrant, type Actor } from '../../support/moderation';
import type { TestApp } from '../../support/test-app';
import { startAppAndBot, TEST_PUBLIC_URL, type AppAndBot, type TestBot } from '../../support/test-bot';

const GROUP = -100_777_000_111;
let t: AppAndBot;
let app: TestApp;
let bot: TestBot;
let moderator: Actor;
const em = () => app.db.orm.em.fork();

beforeAll(async () => {
  t = await startAppAndBot((app) => ({ storage: app.storage, moderationChatId: GROUP }));
  ({ app, bot } = t);
  await ensurePlaces(em());
  moderator = await createActor(app, 'MODERATOR');
});
afterAll(() => t?.stop());

describe('with MODERATION_CHAT_ID', () => {
  it('posts once to the group; the panel button sends a private web-app link to the presser', async () => {
    const r = await submittedRegistrant(app);
    const item = await pendingItem(app, r.launch.id, 'INITIAL');
    const sent = await postIn(bot.telegram, GROUP, `заявка #${item.id}`);
    expect(bot.telegram.callsTo('sendMessage').some((c) => c.params.chat_id === moderator.id)).toBe(false);
    const panel = buttonsOf(sent.params.reply_markup).find((b) => b.text === 'Открыть в панели')!;
    expect(panel).toMatchObject({ callback_data: `mi:${item.id}:op:1` });
    const messageId = lastBotMessage(bot.telegram, GROUP, `заявка #${item.id}`)!.messageId;
    expect(await press(bot.telegram, asFakeUser(moderator), GROUP, messageId, `mi:${item.id}:op:1`)).toBe(
      'Ссылка отправлена в личные сообщения',
    );
    const link = await bot.telegram.waitForCall('sendMessage', (c) => c.params.chat_id === moderator.id);
    expect(buttonsOf(link.params.reply_markup)[0]!.web_app?.url).toBe(
      `${TEST_PUBLIC_URL}/moderation/profiles?type=INITIAL&status=PENDING&itemId=${item.id}`,
    );
  });

  it('a merged edit re-posts the item and marks the old post as outdated', async () => {
    const r = await submittedRegistrant(app);
    await decide(app, moderator, { itemId: (await pendingItem(app, r.launch.id, 'INITIAL')).id, status: 'APPROVED' });
    await app.request.patch('/api/profile/my').send({ initData: r.initData, displayName: 'Марина' });
    const item = await pendingItem(app, r.launch.id, 'PROFILE_EDIT');
    await postIn(bot.telegram, GROUP, `заявка #${item.id}`);
    await app.request.patch('/api/profile/my').send({ initData: r.initData, city: 'Казань' });
    await eventually(() => bot.telegram.chatLog(GROUP).filter((e) => e.text?.includes(`заявка #${item.id}`)).length === 2);
    const [old, fresh] = bot.telegram.chatLog(GROUP).filter((e) => e.text?.includes(`заявка #${item.id}`));
    expect(old!.text).toContain('Заявка обновлена');
    expect(buttonsOf(old!.replyMarkup)).toEqual([]);
    expect(fresh!.text).toContain('Имя: Аня → Марина');
    expect(fresh!.text).toContain('Город: Москва → Казань');
    expect((await em().findOneOrFail(ModerationItem, { id: item.id })).status).toBe('PENDING');
  });
});

describe('reports in the bot', () => {
  it('a new report is posted; blocking from the bot bans the user, edits the post and tells the user', async () => {
    const { a, b } = await createPair(app);
    expect(
      (await apiPost(app, a, '/api/profile/report', { reportedUserId: b, reason: 'SPAM', description: 'Рассылает рекламу' })).status,
    ).toBe(200);
    const report = await em().findOneOrFail(Report, { reporterId: a, reportedUserId: b });
    const sent = await postIn(bot.telegram, GROUP, `Жалоба #${report.id}`);
    expect(String(sent.params.text)).toContain('Причина: Флуд и спам');
    expect(String(sent.params.text)).toContain('Описание: Рассылает рекламу');
    expect(buttonsOf(sent.params.reply_markup).map((b) => b.text)).toEqual([
      '🚫 Заблокировать',
      '⚠️ Предупредить',
      'Отклонить жалобу',
      'Открыть в панели',
    ]);
    const messageId = lastBotMessage(bot.telegram, GROUP, `Жалоба #${report.id}`)!.messageId;
    await press(bot.telegram, asFakeUser(moderator), GROUP, messageId, `mr:${report.id}:bl`);
    expect(await press(bot.telegram, asFakeUser(moderator), GROUP, messageId, `mr:${report.id}:b0`)).toBe('Пользователь заблокирован');
    expect(await em().findOneOrFail(User, { telegramId: b })).toMatchObject({ isBanned: true, banReason: BLOCK_PRESETS[0] });
    await eventually(() =>
      lastBotMessage(bot.telegram, GROUP, `Жалоба #${report.id}`)?.text?.includes(
        `Решение: Пользователь заблокирован — @${moderator.username}`,
      ),
    );
    const told = await bot.telegram.waitForCall('sendMessage', (c) => c.params.chat_id === b);
    expect(told.params.text).toBe(`${BANNED_TEXT}\nПричина: ${BLOCK_PRESETS[0]}`);
  });
});

describe('/queue', () => {
  it('shows moderators the pending counts per type', async () => {
    await submittedRegistrant(app);
    const pending = await em().count(ModerationItem, { type: 'INITIAL', status: 'PENDING' });
    bot.telegram.injectMessage(asFakeUser(moderator), '/queue');
    const reply = await bot.telegram.waitForCall(
      'sendMessage',
      (c) => c.params.chat_id === moderator.id && String(c.params.text).startsWith('Очередь модерации'),
    );
    expect(String(reply.params.text)).toContain(`Новые анкеты: ${pending}`);
    expect(buttonsOf(reply.params.reply_markup)[0]!.web_app?.url).toBe(`${TEST_PUBLIC_URL}/moderation`);
  });

  it('is refused to everyone else', async () => {
    const user = await createActor(app, 'USER');
    bot.telegram.injectMessage(asFakeUser(user), '/queue');
    const reply = await bot.telegram.waitForCall('sendMessage', (c) => c.params.chat_id === user.id);
    expect(reply.params.text).toBe('Доступ запрещён');
  });
});
