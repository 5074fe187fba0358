import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BAN_PRESETS } from '../../contracts/moderation-reasons';
import { ADMIN_USAGE } from '../../bot/admin/admin-command-texts';
import type { FakeUser } from '../../bot/dev/fake-telegram';
import { ensurePlaces } from '../../db/places/ensure-places';
import { Report } from '../../db/reports/report.entity';
import { User } from '../../db/users/user.entity';
import { apiPost, createPair } from '../support/chats';
import { createMember } from '../support/factories';
import { createActor, decide, pendingItem, submittedRegistrant, type Actor } from '../support/moderation';
import type { TestApp } from '../support/test-app';
import { startAppAndBot, type AppAndBot, type TestBot } from '../support/test-bot';

const RULE = 'Причина: от 20 до 500 символов';
const SHORT = 'Спам';
let t: AppAndBot;
let app: TestApp;
let bot: TestBot;
let admin: Actor;
const em = () => app.db.orm.em.fork();
const banned = async (id: number) => (await em().findOneOrFail(User, { telegramId: id })).isBanned;
const asUser = (actor: Actor): FakeUser => ({ id: actor.id, first_name: 'Админ', username: actor.username });

async function botReply(text: string): Promise<string> {
  const from = bot.telegram.calls.length;
  bot.telegram.injectMessage(asUser(admin), text);
  const call = await bot.telegram.waitForCall(
    'sendMessage',
    // A moderator's post (it carries the decision buttons) for an earlier path's registrant may arrive meanwhile: the
    // outbox drains up to half a second after its commit.
    (c) => c.params.chat_id === admin.id && !c.params.reply_markup && bot.telegram.calls.indexOf(c) >= from,
    8000,
  );
  return String(call.params.text);
}

/** Each ban path: tries `reason` (null: none) on a fresh user; resolves with the refusal's text, or null when it banned. */
const PATHS: Record<string, (reason: string | null) => Promise<{ refusal: string | null; target: number }>> = {
  'the panel: user detail': async (reason) => {
    const target = await createMember(em());
    const res = await app.request
      .patch(`/api/user/${target}/account`)
      .send({ initData: admin.initData, isBanned: true, banReason: reason });
    return { refusal: res.status === 200 ? null : res.body.message, target };
  },
  'the panel: a report': async (reason) => {
    const { a, b } = await createPair(app);
    await apiPost(app, a, '/api/profile/report', { reportedUserId: b, reason: 'SPAM' });
    const report = await em().findOneOrFail(Report, { reporterId: a, reportedUserId: b });
    const res = await app.request
      .post('/api/moderation/report/action')
      .send({ initData: admin.initData, reportId: report.id, action: 'BLOCK', reason });
    return { refusal: res.status === 200 ? null : res.body.message, target: b };
  },
  'the panel: rejecting a new profile': async (reason) => {
    const r = await submittedRegistrant(app);
    const item = await pendingItem(app, r.launch.id, 'INITIAL');
    const res = await decide(app, admin, { itemId: item.id, status: 'REJECTED', reason, banUser: true });
    return { refusal: res.status === 200 ? null : res.body.message, target: r.launch.id };
  },
  'the bot: /ban': async (reason) => {
    const target = await createMember(em());
    const text = await botReply(`/ban ${target}${reason ? ` ${reason}` : ''}`);
    return { refusal: text.startsWith(`Пользователь #${target} заблокирован.`) ? null : text, target };
  },
};

beforeAll(async () => {
  t = await startAppAndBot();
  ({ app, bot } = t);
  await ensurePlaces(em());
  admin = await createActor(app, 'ADMIN');
});
afterAll(() => t?.stop());

describe('one reason rule for a ban, wherever it is made', () => {
  for (const [path, attempt] of Object.entries(PATHS)) {
    it(`${path}: no reason or a short one is refused with the same text; a preset bans`, async () => {
      for (const reason of [null, SHORT, 'я'.repeat(501)]) {
        const { refusal, target } = await attempt(reason);
        // A bare `/ban ID` is answered with the usage, which states the same rule (AMENDMENTS §5.3).
        expect(refusal).toBe(reason === null && path === 'the bot: /ban' ? ADMIN_USAGE.ban : RULE);
        expect(await banned(target)).toBe(false);
      }
      const { refusal, target } = await attempt(BAN_PRESETS[1]);
      expect(refusal).toBeNull();
      expect(await em().findOneOrFail(User, { telegramId: target })).toMatchObject({ isBanned: true, banReason: BAN_PRESETS[1] });
    });
  }
});
