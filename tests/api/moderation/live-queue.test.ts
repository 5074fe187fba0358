import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemDecidedPushSchema, moderationCountsPushSchema, reportDecidedPushSchema } from '../../../contracts/realtime';
import { ensurePlaces } from '../../../db/places/ensure-places';
import { Report } from '../../../db/reports/report.entity';
import { User } from '../../../db/users/user.entity';
import { asFakeUser, eventually, lastBotMessage, postIn, press } from '../../support/bot-moderation';
import { apiPost } from '../../support/chats';
import { createMember, introduce } from '../../support/factories';
import { tmaHeader } from '../../support/init-data';
import { createActor, decide, pendingItem, REASON, submittedRegistrant, type Actor } from '../../support/moderation';
import { socketAs } from '../../support/sockets';
import type { TestApp } from '../../support/test-app';
import { startAppAndBot, type AppAndBot, type TestBot } from '../../support/test-bot';
import { openSocket, type TestSocket } from '../../support/ws-client';

let t: AppAndBot;
let app: TestApp;
let bot: TestBot;
let moderator: Actor;
let otherModerator: Actor;
let admin: Actor;
let panel: TestSocket;
let adminPanel: TestSocket;
let plain: TestSocket;
const em = () => app.db.orm.em.fork();
const open = (actor: Actor) => openSocket(`${app.wsUrl}/ws/likes`, actor.initData);
const SECOND = 1000;

type Msg = Record<string, unknown>;
const itemDecided = (itemId: number) => (m: Msg) => m.ch === 'moderation' && m.t === 'item_decided' && (m.data as Msg).itemId === itemId;
const moderationPushes = (socket: TestSocket) => (socket.received as Msg[]).filter((m) => m.ch === 'moderation');

beforeAll(async () => {
  t = await startAppAndBot((app) => ({ storage: app.storage }));
  ({ app, bot } = t);
  await ensurePlaces(em());
  [moderator, otherModerator, admin] = [
    await createActor(app, 'MODERATOR'),
    await createActor(app, 'MODERATOR'),
    await createActor(app, 'ADMIN'),
  ];
  [panel, adminPanel, plain] = [await open(moderator), await open(admin), await socketAs(app, await createMember(em()))];
});
afterAll(async () => {
  await Promise.all([panel, adminPanel, plain].map((s) => s.close()));
  await t?.stop();
});

async function pending() {
  const r = await submittedRegistrant(app);
  return pendingItem(app, r.launch.id, 'INITIAL');
}

describe('a decision made anywhere reaches every open panel within a second', () => {
  it('from the bot: who decided, and an ordinary user hears nothing', async () => {
    const item = await pending();
    await postIn(bot.telegram, otherModerator.id, `заявка #${item.id}`);
    const post = lastBotMessage(bot.telegram, otherModerator.id, `заявка #${item.id}`)!;
    expect(await press(bot.telegram, asFakeUser(otherModerator), otherModerator.id, post.messageId, `mi:${item.id}:ok:1`)).toBe('Одобрено');
    const push = itemDecidedPushSchema.parse((await panel.next<Msg>(itemDecided(item.id), SECOND)).data);
    expect(push).toMatchObject({ status: 'APPROVED', reviewer: { telegramId: otherModerator.id, label: `@${otherModerator.username}` } });
    expect(push.resolvedAt).not.toBeNull();
    await adminPanel.next(itemDecided(item.id), SECOND);
    expect(moderationPushes(plain)).toEqual([]);
  });

  it('from another moderator’s panel and from an admin over the API, with the reason', async () => {
    const first = await pending();
    expect((await decide(app, otherModerator, { itemId: first.id, status: 'APPROVED' })).status).toBe(200);
    expect((await panel.next<Msg>(itemDecided(first.id), SECOND)).data).toMatchObject({
      reviewer: { label: `@${otherModerator.username}` },
    });
    const second = await pending();
    expect((await decide(app, admin, { itemId: second.id, status: 'REJECTED', reason: REASON })).status).toBe(200);
    expect((await panel.next<Msg>(itemDecided(second.id), SECOND)).data).toMatchObject({
      status: 'REJECTED',
      reason: REASON,
      reviewer: { label: `@${admin.username}` },
    });
    expect(moderationPushes(plain)).toEqual([]);
  });
});

describe('counts are pushed', () => {
  it('a new item pushes the counts with it included', async () => {
    const before = panel.received.length;
    const item = await pending();
    const counts = await eventually(async () => {
      const res = await app.request.get('/api/moderation/counts').set({ Authorization: `tma ${moderator.initData}` });
      const fresh = (panel.received.slice(before) as Msg[]).filter((m) => m.ch === 'moderation' && m.t === 'counts');
      const last = fresh.at(-1);
      return last && moderationCountsPushSchema.parse(last.data).counts.INITIAL === res.body.counts.INITIAL ? last : null;
    }, SECOND);
    expect(moderationCountsPushSchema.parse(counts.data).counts.INITIAL).toBeGreaterThan(0);
    expect(item.status).toBe('PENDING');
    expect(moderationPushes(plain)).toEqual([]);
  });
});

/** The reports count of `socket`'s counts pushes after index `seen`. */
const reportCounts = (socket: TestSocket, seen: number) =>
  (socket.received.slice(seen) as Msg[])
    .filter((m) => m.ch === 'moderation' && m.t === 'counts')
    .map((m) => moderationCountsPushSchema.parse(m.data).counts.reports);
const reportsWaiting = async (actor: Actor) =>
  Number((await app.request.get('/api/moderation/counts').set(tmaHeader(actor.initData))).body.counts.reports);

describe('new reports push counts', () => {
  it('a report about a user raises every panel’s count; one about staff only the admins’', async () => {
    const [me, peer, staff] = [await createMember(em()), await createMember(em()), await createMember(em())];
    const fork = em();
    (await fork.findOneOrFail(User, staff)).role = 'MODERATOR';
    await fork.flush();
    // The feed served both cards to the reporter.
    await introduce(em(), me, peer, staff);
    const [forModerator, forAdmin] = [await reportsWaiting(moderator), await reportsWaiting(admin)];
    let seen = [panel.received.length, adminPanel.received.length] as const;
    expect((await apiPost(app, me, '/api/profile/report', { reportedUserId: String(peer), reason: 'SPAM' })).status).toBe(200);
    await eventually(() => reportCounts(panel, seen[0]).includes(forModerator + 1), SECOND);
    await eventually(() => reportCounts(adminPanel, seen[1]).includes(forAdmin + 1), SECOND);

    seen = [panel.received.length, adminPanel.received.length];
    expect((await apiPost(app, me, '/api/profile/report', { reportedUserId: String(staff), reason: 'SPAM' })).status).toBe(200);
    await eventually(() => reportCounts(adminPanel, seen[1]).includes(forAdmin + 2), SECOND);
    await eventually(() => reportCounts(panel, seen[0]).length > 0, SECOND);
    expect(reportCounts(panel, seen[0]).every((n) => n === forModerator + 1)).toBe(true);
  });
});

describe('who may hear', () => {
  it('a demoted moderator stops receiving at once', async () => {
    const demoted = await createActor(app, 'MODERATOR');
    const socket = await open(demoted);
    const fork = em();
    (await fork.findOneOrFail(User, demoted.id)).role = 'USER';
    await fork.flush();
    const item = await pending();
    await decide(app, admin, { itemId: item.id, status: 'APPROVED' });
    await panel.next(itemDecided(item.id), SECOND);
    expect(moderationPushes(socket)).toEqual([]);
    await socket.close();
  });

  it('a decision on a report about staff reaches admins only', async () => {
    const fork = em();
    const report = fork.create(Report, {
      reporterId: await createMember(em()),
      reportedUserId: otherModerator.id,
      reportType: 'PROFILE',
      reason: 'OTHER',
      description: 'Грубит в чате',
    });
    await fork.flush();
    const seen = panel.received.length;
    const res = await app.request
      .post('/api/moderation/report/action')
      .send({ initData: admin.initData, reportId: report.id, action: 'REJECT' });
    expect(res.status).toBe(200);
    const isIt = (m: Msg) => m.ch === 'moderation' && m.t === 'report_decided' && (m.data as Msg).reportId === report.id;
    const push = reportDecidedPushSchema.parse((await adminPanel.next<Msg>(isIt, SECOND)).data);
    expect(push).toMatchObject({ status: 'REJECTED', reviewer: { label: `@${admin.username}` } });
    // The decision also pushes counts to the moderator: once those arrived, a leaked push would have too.
    await panel.next((m) => m.ch === 'moderation' && m.t === 'counts' && panel.received.indexOf(m) >= seen, SECOND);
    expect((panel.received as Msg[]).filter(isIt)).toEqual([]);
  });
});
