import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTCOME_TEXTS } from '../../../bot/notifications/moderation-outcome';
import { REJECT_PRESETS } from '../../../contracts/moderation-reasons';
import { ModerationItem } from '../../../db/moderation/moderation-item.entity';
import { ensurePlaces } from '../../../db/places/ensure-places';
import { saveNotificationSettings } from '../../../db/privacy/notification-settings';
import { asFakeUser, buttonsOf, eventually, lastBotMessage, postIn, press } from '../../support/bot-moderation';
import { isNotificationOf } from '../../support/finished-jobs';
import { createActor, decide, pendingItem, REASON, onboardingStatus, submittedRegistrant, type Actor } from '../../support/moderation';
import type { TestApp } from '../../support/test-app';
import { startAppAndBot, TEST_PUBLIC_URL, type AppAndBot, type TestBot } from '../../support/test-bot';

let t: AppAndBot;
let app: TestApp;
let bot: TestBot;
let moderator: Actor;
let admin: Actor;
const em = () => app.db.orm.em.fork();
const itemStatus = async (id: number) => (await em().findOneOrFail(ModerationItem, { id })).status;

beforeAll(async () => {
  t = await startAppAndBot((app) => ({ storage: app.storage }));
  ({ app, bot } = t);
  await ensurePlaces(em());
  moderator = await createActor(app, 'MODERATOR');
  admin = await createActor(app, 'ADMIN');
});
afterAll(() => t?.stop());

/** A fresh registrant's INITIAL item and the post about it in the moderator's chat. */
async function postedItem() {
  const r = await submittedRegistrant(app);
  const item = await pendingItem(app, r.launch.id, 'INITIAL');
  const sent = await postIn(bot.telegram, moderator.id, `заявка #${item.id}`);
  const messageId = lastBotMessage(bot.telegram, moderator.id, `заявка #${item.id}`)!.messageId;
  return { r, item, sent, messageId };
}

describe('a new item reaches the moderators', () => {
  it('as a direct message to every moderator and admin, with the photos and the three buttons', async () => {
    const { item, sent } = await postedItem();
    await postIn(bot.telegram, admin.id, `заявка #${item.id}`);
    const album = await bot.telegram.waitForCall('sendMediaGroup', (c) => c.params.chat_id === moderator.id);
    expect(album.params.media).toHaveLength(3);
    expect(String(sent.params.text)).toMatch(
      /^Новый профиль · заявка #\d+\n@tester · id \d+\n\nИмя: Аня, 16\nПол: женский\nГород: Москва$/,
    );
    expect(String(sent.params.text)).not.toMatch(/BISEXUAL|Би|ориентац/i);
    const buttons = buttonsOf(sent.params.reply_markup);
    expect(buttons.map((b) => b.text)).toEqual(['Одобрить', 'Отклонить', 'Открыть в панели']);
    expect(buttons[0]!.callback_data).toBe(`mi:${item.id}:ok:1`);
    expect(buttons[1]!.callback_data).toBe(`mi:${item.id}:no:1`);
    expect(buttons[2]!.web_app?.url).toBe(`${TEST_PUBLIC_URL}/moderation/profiles?type=INITIAL&status=PENDING&itemId=${item.id}`);
  });
});

describe('deciding from the bot', () => {
  it('approve applies the decision, edits every copy with who decided, and tells the user neutrally', async () => {
    const { r, item, messageId } = await postedItem();
    expect(await press(bot.telegram, asFakeUser(moderator), moderator.id, messageId, `mi:${item.id}:ok:1`)).toBe('Одобрено');
    expect((await onboardingStatus(app, r.initData)).status).toBe('NEED_DESCRIPTION');
    for (const chatId of [moderator.id, admin.id]) {
      const edited = await eventually(() => {
        const entry = lastBotMessage(bot.telegram, chatId, `заявка #${item.id}`);
        return entry?.edited ? entry : null;
      });
      expect(edited.text).toContain(`Решение: Одобрено — @${moderator.username}`);
      expect(buttonsOf(edited.replyMarkup).map((b) => b.text)).toEqual(['Открыть в панели']);
    }
    const told = await bot.telegram.waitForCall('sendMessage', (c) => c.params.chat_id === r.launch.id);
    expect(told.params.text).toBe(OUTCOME_TEXTS.INITIAL.approved);
  });

  it('the user who switched moderation notices off is not told', async () => {
    const { r, item, messageId } = await postedItem();
    await saveNotificationSettings(em(), r.launch.id, { moderation: false });
    await press(bot.telegram, asFakeUser(moderator), moderator.id, messageId, `mi:${item.id}:ok:1`);
    await eventually(() => lastBotMessage(bot.telegram, moderator.id, `заявка #${item.id}`)?.edited);
    await bot.finishedJobs.waitFor(isNotificationOf('moderation.decided', { itemId: item.id }));
    expect(bot.telegram.callsTo('sendMessage').filter((c) => c.params.chat_id === r.launch.id)).toEqual([]);
  });

  it('a second press is answered with who already decided', async () => {
    const { item, messageId } = await postedItem();
    await press(bot.telegram, asFakeUser(moderator), moderator.id, messageId, `mi:${item.id}:ok:1`);
    // The admin's copy is posted by its own send, which may land a little after the moderator's.
    const adminCopy = await eventually(() => lastBotMessage(bot.telegram, admin.id, `заявка #${item.id}`));
    const answer = await press(bot.telegram, asFakeUser(admin), admin.id, adminCopy.messageId, `mi:${item.id}:no:1`);
    expect(answer).toMatch(new RegExp(`^Уже рассмотрено: Одобрено — @${moderator.username}, `));
  });

  it('a plain user pressing a forwarded button is refused and nothing changes', async () => {
    const { item, messageId } = await postedItem();
    const user = await createActor(app, 'USER');
    expect(await press(bot.telegram, asFakeUser(user), moderator.id, messageId, `mi:${item.id}:ok:1`)).toBe('Доступ запрещён');
    expect(await press(bot.telegram, asFakeUser(user), moderator.id, messageId, `mi:${item.id}:n0:1`)).toBe('Доступ запрещён');
    expect(await itemStatus(item.id)).toBe('PENDING');
  });

  it('reject offers preset reasons of 20+ characters; one of them rejects with that reason', async () => {
    expect(REJECT_PRESETS.every((reason) => reason.length >= 20)).toBe(true);
    const { r, item, messageId } = await postedItem();
    await press(bot.telegram, asFakeUser(moderator), moderator.id, messageId, `mi:${item.id}:no:1`);
    const menu = buttonsOf(lastBotMessage(bot.telegram, moderator.id, `заявка #${item.id}`)!.replyMarkup);
    expect(menu.map((b) => b.text)).toEqual([...REJECT_PRESETS, '✍️ Своя причина', '← Назад']);
    expect(await press(bot.telegram, asFakeUser(moderator), moderator.id, messageId, `mi:${item.id}:n1:1`)).toBe('Отклонено');
    expect(await onboardingStatus(app, r.initData)).toMatchObject({ status: 'BASE_DISCREPANT', reason: REJECT_PRESETS[1] });
    const told = await bot.telegram.waitForCall('sendMessage', (c) => c.params.chat_id === r.launch.id);
    expect(told.params.text).toBe(`Анкету нужно поправить.\nКомментарий модератора: ${REJECT_PRESETS[1]}`);
  });

  it('a partial reject from the panel tells the user the fields as words, never naming the orientation (issue 40)', async () => {
    const { r, item } = await postedItem();
    const res = await decide(app, moderator, {
      itemId: item.id,
      status: 'DISCREPANT',
      reason: REASON,
      fields: ['photos', 'gender', 'city'],
    });
    expect(res.status).toBe(200);
    const told = await bot.telegram.waitForCall('sendMessage', (c) => c.params.chat_id === r.launch.id);
    expect(told.params.text).toBe(`Анкету нужно поправить.\nКомментарий модератора: Город, Фото: ${REASON}`);
  });

  it('a typed reason goes through a conversation, with the bounds checked', async () => {
    const { item, messageId } = await postedItem();
    const me = asFakeUser(moderator);
    expect(await press(bot.telegram, me, moderator.id, messageId, `mi:${item.id}:nt:1`)).toBe('Напишите причину сообщением');
    await bot.telegram.waitForCall(
      'sendMessage',
      (c) => c.params.chat_id === moderator.id && String(c.params.text).startsWith(`Напишите причину отказа по заявке #${item.id}`),
    );
    bot.telegram.injectMessage(me, 'коротко');
    await eventually(
      () =>
        bot.telegram
          .callsTo('sendMessage')
          .filter((c) => c.params.chat_id === moderator.id && String(c.params.text).includes(`по заявке #${item.id}`)).length === 2,
    );
    expect(await itemStatus(item.id)).toBe('PENDING');
    bot.telegram.injectMessage(me, REASON);
    await bot.telegram.waitForCall('sendMessage', (c) => c.params.chat_id === moderator.id && c.params.text === 'Готово: Отклонено');
    expect(await em().findOneOrFail(ModerationItem, { id: item.id })).toMatchObject({
      status: 'REJECTED',
      reason: REASON,
      reviewerId: moderator.id,
    });
  });
});

describe('the bot and the panel on one item', () => {
  it('a decision in the panel edits the bot posts', async () => {
    const { item } = await postedItem();
    await decide(app, admin, { itemId: item.id, status: 'DISCREPANT', reason: REASON, fields: ['city'] });
    const edited = await eventually(() => {
      const entry = lastBotMessage(bot.telegram, moderator.id, `заявка #${item.id}`);
      return entry?.edited ? entry : null;
    });
    expect(edited.text).toContain(`Решение: Несоответствие — @${admin.username}`);
    expect(edited.text).toContain(`Причина: [Город] ${REASON}`);
  });

  it('of two simultaneous decisions, one from the bot and one from the panel, exactly one wins', async () => {
    const { item, messageId } = await postedItem();
    const [answer, panel] = await Promise.all([
      press(bot.telegram, asFakeUser(moderator), moderator.id, messageId, `mi:${item.id}:ok:1`),
      decide(app, admin, { itemId: item.id, status: 'REJECTED', reason: REASON }),
    ]);
    const botWon = answer === 'Одобрено';
    expect(botWon).toBe(panel.status === 409);
    if (!botWon) expect(answer).toMatch(/^Уже рассмотрено: Отклонено — @/);
    else expect(panel.body.message).toMatch(/^Уже рассмотрено: Одобрено — @/);
    const final = await em().findOneOrFail(ModerationItem, { id: item.id });
    expect(final.status).toBe(botWon ? 'APPROVED' : 'REJECTED');
    const winner = botWon ? moderator.username : admin.username;
    await eventually(() => lastBotMessage(bot.telegram, moderator.id, `заявка #${item.id}`)?.text?.includes(`— @${winner}`));
  });
});
