import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ModerationItem } from '../../../db/moderation/moderation-item.entity';
import { ensurePlaces } from '../../../db/places/ensure-places';
import { Report } from '../../../db/reports/report.entity';
import { asFakeUser, buttonsOf, lastBotMessage, postIn, press } from '../../support/bot-moderation';
import { apiPost, createPair } from '../../support/chats';
import { createActor, decide, pendingItem, REASON, submittedRegistrant, type Actor } from '../../support/moderation';
import { validDetails, type Registrant } from '../../support/onboarding';
import type { TestApp } from '../../support/test-app';
import { startAppAndBot, type AppAndBot, type TestBot } from '../../support/test-bot';
import { tmaHeader } from '../../support/init-data';

let t: AppAndBot;
let app: TestApp;
let bot: TestBot;
let moderator: Actor;
let admin: Actor;
const em = () => app.db.orm.em.fork();
const CHANGED = 'Заявка изменилась, откройте её заново';

beforeAll(async () => {
  t = await startAppAndBot((app) => ({ storage: app.storage }));
  ({ app, bot } = t);
  await ensurePlaces(em());
  // The moderator's id is the lowest: posts go out in id order, so the admin's copy comes after theirs.
  moderator = await createActor(app, 'MODERATOR');
  admin = await createActor(app, 'ADMIN');
});
afterAll(() => t?.stop());

async function visibleMember(): Promise<Registrant> {
  const r = await submittedRegistrant(app);
  await decide(app, admin, { itemId: (await pendingItem(app, r.launch.id, 'INITIAL')).id, status: 'APPROVED' });
  await app.request.post('/api/profile/submit-details').send(validDetails(r));
  await decide(app, admin, { itemId: (await pendingItem(app, r.launch.id, 'PROFILE_DESCRIPTION')).id, status: 'APPROVED' });
  return r;
}
const edit = (r: Registrant, body: Record<string, unknown>) => app.request.patch('/api/profile/my').send({ initData: r.initData, ...body });
const displayName = async (r: Registrant) =>
  (await app.request.get('/api/profile/my').set(tmaHeader(r.initData))).body.displayName as string;

/** The post of an edit in the moderator's chat with its approve button's data (which names the version). */
async function editPost(itemId: number, version: number) {
  const sent = await bot.telegram.waitForCall(
    'sendMessage',
    (c) =>
      c.params.chat_id === moderator.id && buttonsOf(c.params.reply_markup).some((b) => b.callback_data === `mi:${itemId}:ok:${version}`),
    8000,
  );
  return { sent, messageId: lastBotMessage(bot.telegram, moderator.id, `заявка #${itemId}`)!.messageId };
}

describe('the bot decides only the version its post shows', () => {
  it('approve on a post older than the edit is refused; the fresh post approves what it shows', async () => {
    const r = await visibleMember();
    await edit(r, { displayName: 'Марина' });
    const item = await pendingItem(app, r.launch.id, 'PROFILE_EDIT');
    const old = await editPost(item.id, 1);
    await edit(r, { displayName: 'Грубость' });
    expect(await press(bot.telegram, asFakeUser(moderator), moderator.id, old.messageId, `mi:${item.id}:ok:1`)).toBe(CHANGED);
    expect(await press(bot.telegram, asFakeUser(moderator), moderator.id, old.messageId, `mi:${item.id}:n0:1`)).toBe(CHANGED);
    expect(await press(bot.telegram, asFakeUser(moderator), moderator.id, old.messageId, `mi:${item.id}:ok`)).toBe(CHANGED);
    expect((await em().findOneOrFail(ModerationItem, { id: item.id })).status).toBe('PENDING');
    expect(await displayName(r)).toBe('Аня');
    const fresh = await editPost(item.id, 2);
    expect(String(fresh.sent.params.text)).toContain('Грубость');
    expect(await press(bot.telegram, asFakeUser(moderator), moderator.id, fresh.messageId, `mi:${item.id}:ok:2`)).toBe('Одобрено');
    expect(await displayName(r)).toBe('Грубость');
  });

  it('a typed reason for a version that changed meanwhile is refused', async () => {
    const r = await visibleMember();
    await edit(r, { displayName: 'Марина' });
    const item = await pendingItem(app, r.launch.id, 'PROFILE_EDIT');
    const old = await editPost(item.id, 1);
    const me = asFakeUser(moderator);
    expect(await press(bot.telegram, me, moderator.id, old.messageId, `mi:${item.id}:nt:1`)).toBe('Напишите причину сообщением');
    await edit(r, { displayName: 'Другое имя' });
    const from = bot.telegram.calls.length;
    bot.telegram.injectMessage(me, REASON);
    const answer = await bot.telegram.waitForCall(
      'sendMessage',
      (c) => c.params.chat_id === moderator.id && bot.telegram.calls.indexOf(c) >= from && c.params.text === CHANGED,
      8000,
    );
    expect(answer.params.text).toBe(CHANGED);
    expect((await em().findOneOrFail(ModerationItem, { id: item.id })).status).toBe('PENDING');
  });
});

describe('reports about staff in the bot', () => {
  it('go to admins only, never to moderators or the person reported; a moderator’s button is refused', async () => {
    const { a, b } = await createPair(app);
    await em().getConnection().execute(`UPDATE users SET role = 'MODERATOR' WHERE telegram_id = ?`, [b]);
    expect(
      (await apiPost(app, a, '/api/profile/report', { reportedUserId: b, reason: 'HARASSMENT', description: 'Оскорбляет' })).status,
    ).toBe(200);
    const report = await em().findOneOrFail(Report, { reporterId: a, reportedUserId: b });
    const posted = await postIn(bot.telegram, admin.id, `Жалоба #${report.id}`);
    expect(buttonsOf(posted.params.reply_markup).map((btn) => btn.text)).toContain('🚫 Заблокировать');
    // Posts go out in id order: the moderator's turn has passed.
    expect(lastBotMessage(bot.telegram, moderator.id, `Жалоба #${report.id}`)).toBeUndefined();
    const messageId = lastBotMessage(bot.telegram, admin.id, `Жалоба #${report.id}`)!.messageId;
    expect(await press(bot.telegram, asFakeUser(moderator), moderator.id, messageId, `mr:${report.id}:b0`)).toBe(
      'Жалобы на модераторов и администраторов рассматривают только администраторы',
    );
    expect(await press(bot.telegram, asFakeUser(moderator), moderator.id, messageId, `mr:${report.id}:rj`)).toBe(
      'Жалобы на модераторов и администраторов рассматривают только администраторы',
    );
    expect((await em().findOneOrFail(Report, { id: report.id })).status).toBe('PENDING');
    expect(await press(bot.telegram, asFakeUser(admin), admin.id, messageId, `mr:${report.id}:rj`)).toBe('Жалоба отклонена');
  });
});
