import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_DELETED_NOTE } from '../../../bot/moderation/post-texts';
import { ModerationPost } from '../../../db/moderation/moderation-post.entity';
import { ensurePlaces } from '../../../db/places/ensure-places';
import { asFakeUser, lastBotMessage, postIn, press } from '../../support/bot-moderation';
import { createActor, pendingItem, submittedRegistrant, type Actor } from '../../support/moderation';
import type { TestApp } from '../../support/test-app';
import { startAppAndBot, type AppAndBot, type TestBot } from '../../support/test-bot';

let t: AppAndBot;
let app: TestApp;
let bot: TestBot;
let moderator: Actor;
let admin: Actor;

beforeAll(async () => {
  t = await startAppAndBot((app) => ({ storage: app.storage }));
  ({ app, bot } = t);
  await ensurePlaces(app.db.orm.em.fork());
  moderator = await createActor(app, 'MODERATOR');
  admin = await createActor(app, 'ADMIN');
});
afterAll(() => t?.stop());

describe('a deleted account’s open moderation posts', () => {
  it('are edited to say the account is gone and lose their buttons, in every moderator’s chat', async () => {
    const r = await submittedRegistrant(app);
    const item = await pendingItem(app, r.launch.id, 'INITIAL');
    const marker = `заявка #${item.id}`;
    await Promise.all([postIn(bot.telegram, moderator.id, marker), postIn(bot.telegram, admin.id, marker)]);
    const posts = [moderator, admin].map((staff) => ({ staff, messageId: lastBotMessage(bot.telegram, staff.id, marker)!.messageId }));

    const res = await app.request.post('/api/privacy/delete-account').send({ initData: r.initData, confirm: true });
    expect(res.status).toBe(200);

    for (const { staff, messageId } of posts) {
      const edit = await bot.telegram.waitForCall(
        'editMessageText',
        (c) => c.params.chat_id === staff.id && c.params.message_id === messageId,
        10_000,
      );
      expect(String(edit.params.text)).toMatch(new RegExp(`${marker}[\\s\\S]*\\n\\n${ACCOUNT_DELETED_NOTE}$`));
      expect(edit.params.reply_markup).toBeUndefined();
    }
    expect(ACCOUNT_DELETED_NOTE).toBe('Аккаунт удалён — заявка закрыта.');
    // Nothing is left to edit later; a button pressed on an old copy still gets a plain answer.
    await expect.poll(() => app.db.orm.em.fork().count(ModerationPost, { subject: 'ITEM', subjectId: item.id })).toBe(0);
    expect(await press(bot.telegram, asFakeUser(moderator), moderator.id, posts[0]!.messageId, `mi:${item.id}:ok:1`)).toBe(
      'Заявка не найдена',
    );
  });
});
