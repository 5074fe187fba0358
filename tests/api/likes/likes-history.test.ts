import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { historyResponseSchema } from '../../../contracts/likes';
import { swipe } from '../../../db/likes/likes.service';
import { createMember, introduce } from '../../support/factories';
import { ask, initDataFor, socketAs } from '../../support/sockets';
import { createTestApp, type TestApp } from '../../support/test-app';
import { tmaHeader } from '../../support/init-data';

let app: TestApp;
let me: number;
let matched: number;
const DAY = 86_400_000;

beforeAll(async () => {
  app = await createTestApp();
  const em = () => app.db.orm.em.fork();
  me = await createMember(em(), { age: 16 });
  const others = [];
  for (let i = 0; i < 25; i++) others.push(await createMember(em(), { age: 15 + (i % 3) }));
  matched = others[0]!;
  // The feed served me all 25 cards; my likes introduce me to them, so the first one can like me back.
  await introduce(em(), me, ...others);
  // 25 of mine (the first three 20 days ago), 3 received, one of them mutual.
  for (const [i, id] of others.entries())
    await swipe(em(), app.bus, { fromId: me, toId: id, kind: 'LIKE', now: new Date(Date.now() - (i < 3 ? 20 * DAY : i * 1000)) });
  for (const id of others.slice(0, 1)) await swipe(em(), app.bus, { fromId: id, toId: me, kind: 'LIKE' });
  for (let i = 0; i < 2; i++) {
    const fan = await createMember(em(), { age: 17 });
    await introduce(em(), fan, me);
    await swipe(em(), app.bus, { fromId: fan, toId: me, kind: 'LIKE' });
  }
});
afterAll(() => app.close());

const history = (query: Record<string, string | number>) =>
  app.request
    .get('/api/likes/history')
    .set(tmaHeader(initDataFor(me)))
    .query(query);

describe('GET /api/likes/history', () => {
  it('counts every tab and pages 20 at a time', async () => {
    const res = await history({ filter: 'my-likes' });
    expect(res.status).toBe(200);
    const body = historyResponseSchema.parse(res.body);
    expect(body).toMatchObject({ myLikesCount: 25, receivedLikesCount: 3, matchedCount: 1, unmatchedCount: 24, totalCount: 28 });
    expect(body.likes).toHaveLength(20);
    expect(body.pagination).toEqual({ page: 1, limit: 20, hasNext: true });
    const next = historyResponseSchema.parse((await history({ filter: 'my-likes', page: 2 })).body);
    expect(next.likes).toHaveLength(5);
    expect(next.pagination.hasNext).toBe(false);
  });

  it('filters received, matched and unmatched', async () => {
    const received = historyResponseSchema.parse((await history({ filter: 'received-likes' })).body);
    expect(received.likes).toHaveLength(3);
    expect(received.likes.every((l) => !l.isMyLike)).toBe(true);
    const raw = (await history({ filter: 'matched' })).body;
    const m = historyResponseSchema.parse(raw);
    expect(m.likes).toMatchObject([{ userId: String(matched), isMatched: true, firstName: null, lastName: null }]);
    // A match's Telegram @username stays with Telegram (AMENDMENTS §4.3): not in any tab's payload.
    expect(raw.likes[0]).not.toHaveProperty('username');
    expect(JSON.stringify(raw)).not.toContain(`u${matched}`);
    const unRaw = (await history({ filter: 'unmatched' })).body;
    const un = historyResponseSchema.parse(unRaw);
    expect(un.likes.some((l) => l.userId === String(matched))).toBe(false);
    expect(unRaw.likes.every((l: object) => !('username' in l))).toBe(true);
  });

  it("marks a received like 'seen' only once its card was shown on the likes screen", async () => {
    const before = historyResponseSchema.parse((await history({ filter: 'received-likes' })).body);
    const pending = before.likes.filter((l) => !l.isMatched);
    expect(pending.map((l) => l.isSeen)).toEqual([false, false]);
    const socket = await socketAs(app, me);
    await ask(socket, 'likes', 'get_received', {});
    expect(
      historyResponseSchema
        .parse((await history({ filter: 'received-likes' })).body)
        .likes.filter((l) => !l.isMatched)
        .map((l) => l.isSeen),
    ).toEqual([false, false]);
    expect((await ask(socket, 'likes', 'seen', { targetUserId: pending[1]!.userId })).t).toBe('seen_ok');
    await socket.close();
    const after = historyResponseSchema.parse((await history({ filter: 'received-likes' })).body).likes.filter((l) => !l.isMatched);
    expect(after.map((l) => [l.userId, l.isSeen])).toEqual([
      [pending[0]!.userId, false],
      [pending[1]!.userId, true],
    ]);
  });

  it('refuses an unknown filter with 400 and the list of filters', async () => {
    const res = await history({ filter: 'everything' });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('received-likes');
  });
});

describe('POST /api/likes/clear-old', () => {
  it('deletes only my unanswered likes older than two weeks; received likes and matches stay', async () => {
    const res = await app.request.post('/api/likes/clear-old').send({ initData: initDataFor(me) });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, removed: 2 });
    const body = historyResponseSchema.parse((await history({ filter: 'my-likes' })).body);
    expect(body).toMatchObject({ myLikesCount: 23, receivedLikesCount: 3, matchedCount: 1 });
  });
});
