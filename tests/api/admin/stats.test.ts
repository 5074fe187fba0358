import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activitySchema, moderatorStatsSchema, registrationsSchema, statsOverviewSchema } from '../../../contracts/admin';
import { createMember } from '../../support/factories';
import { createActor, type Actor } from '../../support/moderation';
import { createTestApp, type TestApp } from '../../support/test-app';
import { tmaHeader } from '../../support/init-data';

let app: TestApp;
let admin: Actor;
let modA: Actor;
let modB: Actor;
let modC: Actor;
let users: number[];
const exec = (sql: string, params: unknown[] = []) => app.db.orm.em.fork().execute(sql, params);
const DAY = 86_400_000;
const utcDay = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY).toISOString().slice(0, 10);

const get = async (path: string) => {
  const res = await app.request.get(path).set(tmaHeader(admin.initData));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as unknown;
};

/** A user account created `daysAgo` days before now. */
async function userCreated(daysAgo: number): Promise<number> {
  const id = await createMember(app.db.orm.em.fork());
  await exec(`UPDATE users SET created_at = now() - make_interval(days => ?) WHERE telegram_id = ?`, [daysAgo, id]);
  return id;
}

/** A moderation item decided by `reviewer`, `minutes` after it was submitted, `daysAgo` days ago. */
const decidedItem = (reviewer: number, minutes: number, daysAgo = 0) =>
  exec(
    `INSERT INTO moderation_items (user_id, type, status, payload, reviewer_id, created_at, resolved_at)
     VALUES (1, 'INITIAL', 'APPROVED', '{}', ?, now() - make_interval(days => ?, mins => ?), now() - make_interval(days => ?))`,
    [reviewer, daysAgo, minutes, daysAgo],
  );

beforeAll(async () => {
  app = await createTestApp();
  [admin, modA, modB, modC] = await Promise.all([
    createActor(app, 'ADMIN'),
    createActor(app, 'MODERATOR'),
    createActor(app, 'MODERATOR'),
    createActor(app, 'MODERATOR'),
  ]);
  users = [
    await userCreated(0),
    await userCreated(3),
    await userCreated(6),
    await userCreated(7),
    await userCreated(10),
    await userCreated(40),
  ];
  await exec(
    `INSERT INTO moderation_items (user_id, type, status, payload, created_at) VALUES (?, 'INITIAL', 'PENDING', '{}', now()), (?, 'PHOTOS', 'PENDING', '{}', now())`,
    [users[0], users[1]],
  );
});
afterAll(() => app.close());

describe('GET /api/stats/overview', () => {
  it('counts users today, in 7 days (today included) and in total, and items waiting', async () => {
    // Today: the four staff accounts and one user; the week adds 3 and 6 days ago; 7, 10 and 40 days ago only count in total.
    expect(statsOverviewSchema.parse(await get('/api/stats/overview'))).toEqual({
      ok: true,
      usersToday: 5,
      usersThisWeek: 7,
      totalUsers: 10,
      pendingModeration: 2,
    });
  });
});

describe('GET /api/stats/registrations', () => {
  it('gives every UTC day of the window oldest first, empty days as zero', async () => {
    const { registrations } = registrationsSchema.parse(await get('/api/stats/registrations?days=30'));
    expect(registrations).toHaveLength(30);
    expect(registrations[0]!.day).toBe(utcDay(29));
    expect(registrations.at(-1)).toEqual({ day: utcDay(0), count: 5 });
    const byDay = Object.fromEntries(registrations.map((r) => [r.day, r.count]));
    expect([byDay[utcDay(3)], byDay[utcDay(6)], byDay[utcDay(7)], byDay[utcDay(10)], byDay[utcDay(1)], byDay[utcDay(20)]]).toEqual([
      1, 1, 1, 1, 0, 0,
    ]);
    expect(registrations.reduce((sum, r) => sum + r.count, 0)).toBe(9);
  });

  it('takes the window from days and refuses a bad one with 400', async () => {
    expect(registrationsSchema.parse(await get('/api/stats/registrations?days=7')).registrations.map((r) => r.count)).toEqual([
      1, 0, 0, 1, 0, 0, 5,
    ]);
    for (const days of ['0', 'abc', '366']) {
      const res = await app.request.get('/api/stats/registrations').set(tmaHeader(admin.initData)).query({ days });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ ok: false, error: 'BAD_REQUEST', message: 'Некорректное значение поля', field: 'days' });
    }
  });
});

describe('GET /api/stats/activity', () => {
  it('counts messages and likes (not dislikes) per day, empty days as zero', async () => {
    const [a, b, c, d] = users as [number, number, number, number];
    const [chat] = await exec(`INSERT INTO chats (pair_key, created_at) VALUES ('stats-test', now()) RETURNING id`);
    const send = (seq: number, daysAgo: number) =>
      exec(
        `INSERT INTO messages (chat_id, sender_id, seq, type, text, created_at) VALUES (?, ?, ?, 'TEXT', 'привет', now() - make_interval(days => ?))`,
        [chat!.id, a, seq, daysAgo],
      );
    for (const [seq, daysAgo] of [
      [1, 2],
      [2, 2],
      [3, 0],
      [4, 0],
      [5, 0],
      [6, 45],
    ] as const)
      await send(seq, daysAgo);
    const like = (from: number, to: number, kind: string, daysAgo: number) =>
      exec(`INSERT INTO likes (from_id, to_id, kind, created_at) VALUES (?, ?, ?, now() - make_interval(days => ?))`, [
        from,
        to,
        kind,
        daysAgo,
      ]);
    await like(a, b, 'LIKE', 0);
    await like(b, a, 'LIKE', 2);
    await like(c, a, 'DISLIKE', 0);
    await like(d, a, 'LIKE', 40);

    const { activity } = activitySchema.parse(await get('/api/stats/activity?days=30'));
    expect(activity).toHaveLength(30);
    expect(activity.at(-1)).toEqual({ day: utcDay(0), messages: 3, likes: 1 });
    expect(activity.at(-3)).toEqual({ day: utcDay(2), messages: 2, likes: 1 });
    expect(activity.filter((day) => day.messages === 0 && day.likes === 0)).toHaveLength(28);
  });
});

describe('GET /api/stats/moderators', () => {
  const moderators = async () => moderatorStatsSchema.parse(await get('/api/stats/moderators'));

  it("says 'Недостаточно данных' with nobody to compare: no decisions, then only one moderator's", async () => {
    expect(await moderators()).toEqual({ ok: true, best: null, worst: null, note: 'Недостаточно данных' });
    await decidedItem(modA.id, 60);
    await decidedItem(modC.id, 3, 40);
    expect(await moderators()).toEqual({ ok: true, best: null, worst: null, note: 'Недостаточно данных' });
  });

  it('ranks by decisions in 30 days, ties by the faster median; reports count too', async () => {
    await decidedItem(modA.id, 60, 1);
    await decidedItem(modA.id, 60, 2);
    await decidedItem(modB.id, 10);
    await decidedItem(modB.id, 10, 5);
    await exec(
      `INSERT INTO reports (reporter_id, reported_user_id, report_type, reason, status, reviewer_id, created_at, resolved_at)
       VALUES (1, 2, 'PROFILE', 'SPAM', 'REJECTED', ?, now() - interval '10 minutes', now())`,
      [modB.id],
    );
    await decidedItem(modC.id, 5);
    for (let i = 0; i < 5; i++) await decidedItem(modC.id, 1, 40);
    const stats = await moderators();
    expect(stats.best).toEqual({ telegramId: modB.id, label: `@${modB.username}`, decisions: 3, medianMinutes: 10 });
    expect(stats.worst).toEqual({ telegramId: modC.id, label: `@${modC.username}`, decisions: 1, medianMinutes: 5 });
    expect(stats.note).toBeNull();
  });
});
