import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCREENING_MESSAGES } from '../../../contracts/screening';
import { decideItem } from '../../../db/moderation/item-decisions.service';
import { ModerationItem } from '../../../db/moderation/moderation-item.entity';
import { ensurePlaces } from '../../../db/places/ensure-places';
import { asFakeUser, lastBotMessage, postIn, press } from '../../support/bot-moderation';
import { upload, uploadPhotos } from '../../support/images';
import { signInitData, testLaunchUser } from '../../support/init-data';
import { createActor, pendingItem, type Actor } from '../../support/moderation';
import { validBase } from '../../support/onboarding';
import { markerClassifier, markerImage } from '../../support/screening-double';
import type { TestApp } from '../../support/test-app';
import { startAppAndBot, type AppAndBot, type TestBot } from '../../support/test-bot';
import { createPair } from '../../support/chats';
import { initDataFor } from '../../support/sockets';
import { AUTOMATIC_REPORTER } from '../../../bot/moderation/post-texts';

// Issue #27: a profile with a photo screening flagged is approved only in the panel, where the photo and its scores are.
let t: AppAndBot;
let app: TestApp;
let bot: TestBot;
let moderator: Actor;
const em = () => app.db.orm.em.fork();

beforeAll(async () => {
  t = await startAppAndBot(() => ({}), { classifier: markerClassifier() });
  ({ app, bot } = t);
  await ensurePlaces(em());
  moderator = await createActor(app, 'MODERATOR');
});
afterAll(() => t?.stop());

async function submitted(third: 'borderline' | 'clean') {
  const launch = testLaunchUser();
  const initData = signInitData(launch);
  const photos = await uploadPhotos(app, initData, 2);
  const res = await upload(app, initData, await markerImage(third), { variant: 'profile' });
  expect(res.status).toBe(200);
  const base = validBase({ launch, initData, photos: [...photos, res.body.url as string] });
  expect((await app.request.post('/api/profile/submit-base').send(base)).status).toBe(200);
  const item = await pendingItem(app, launch.id, 'INITIAL');
  const sent = await postIn(bot.telegram, moderator.id, `заявка #${item.id}`);
  const messageId = lastBotMessage(bot.telegram, moderator.id, `заявка #${item.id}`)!.messageId;
  return { item, sent, messageId };
}

describe('the bot and a flagged profile photo', () => {
  it('the post shows the flag with the scores, and the inline approve refuses with a pointer to the panel', async () => {
    const { item, sent, messageId } = await submitted('borderline');
    expect(String(sent.params.text)).toContain('⚠️ Проверьте фото 3: Sexy 80% · Neutral 12% · Porn 5% · Drawing 2% · Hentai 1%');
    const answer = await press(bot.telegram, asFakeUser(moderator), moderator.id, messageId, `mi:${item.id}:ok:1`);
    expect(answer).toBe(SCREENING_MESSAGES.approveInPanel);
    const alert = bot.telegram.callsTo('answerCallbackQuery').at(-1)!;
    expect(alert.params.show_alert).toBe(true);
    expect((await em().findOneOrFail(ModerationItem, { id: item.id })).status).toBe('PENDING');
  });

  it('decideItem itself refuses approving a flagged photo from anywhere but the panel, and the panel approves it', async () => {
    const { item } = await submitted('borderline');
    const staff = { telegramId: moderator.id, role: 'MODERATOR', isBanned: false } as const;
    const approve = (from: 'panel' | 'bot') => decideItem(em(), app.bus, staff, { itemId: item.id, version: 1, status: 'APPROVED', from });
    await expect(approve('bot')).rejects.toMatchObject({ status: 409, message: SCREENING_MESSAGES.approveInPanel });
    expect((await em().findOneOrFail(ModerationItem, { id: item.id })).status).toBe('PENDING');
    expect((await approve('panel')).status).toBe('APPROVED');
  });

  it('a clean profile is approved from the bot as before, and its post has no flag', async () => {
    const { item, sent, messageId } = await submitted('clean');
    expect(String(sent.params.text)).not.toContain('Проверьте фото');
    expect(await press(bot.telegram, asFakeUser(moderator), moderator.id, messageId, `mi:${item.id}:ok:1`)).toBe('Одобрено');
  });

  it('screening’s report after three refused chat photos reaches the moderators, naming no reporter', async () => {
    const { a, chatId } = await createPair(app, { age: 15 });
    for (let i = 0; i < 3; i++)
      expect((await upload(app, initDataFor(a), await markerImage('explicit'), { variant: 'media', chatId })).status).toBe(400);
    const post = await postIn(bot.telegram, moderator.id, `id ${a}\nПричина`);
    expect(String(post.params.text)).toContain(
      `Причина: Откровенные фото\nОтклонено чат-фото за день: 3 (сами фото не сохранялись)\nОт: ${AUTOMATIC_REPORTER}`,
    );
  });
});
