import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { undoDislikeResponseSchema } from '../../../contracts/likes';
import { swipe } from '../../../db/likes/likes.service';
import { createMember, introduce } from '../../support/factories';
import { tmaHeader } from '../../support/init-data';
import { ask, initDataFor, socketAs } from '../../support/sockets';
import { createTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());
const em = () => app.db.orm.em.fork();
const undo = (me: number, targetUserId: unknown) =>
  app.request
    .post('/api/explore/undo')
    .set(tmaHeader(initDataFor(me)))
    .send({ targetUserId });
const swipeAt = (fromId: number, toId: number, kind: 'LIKE' | 'DISLIKE', secondsAgo: number) =>
  swipe(em(), app.bus, { fromId, toId, kind, now: new Date(Date.now() - secondsAgo * 1000) });
const swipesOf = async (me: number) =>
  (
    await em()
      .getConnection()
      .execute<Array<{ to_id: string; kind: string }>>('SELECT to_id, kind FROM likes WHERE from_id = ? ORDER BY to_id', [me])
  ).map((r) => `${r.to_id}:${r.kind}`);

describe('POST /api/explore/undo', () => {
  it('takes back the last dislike, answers its card, and the feed offers that person again', async () => {
    const me = await createMember(em(), { age: 15 });
    const first = await createMember(em(), { age: 15 });
    const last = await createMember(em(), { age: 15 });
    // The feed served both cards before they were disliked.
    await introduce(em(), me, first, last);
    await swipeAt(me, first, 'DISLIKE', 20);
    await swipeAt(me, last, 'DISLIKE', 10);
    const res = await undo(me, String(last));
    expect(res.status).toBe(200);
    expect(undoDislikeResponseSchema.parse(res.body).card.userId).toBe(String(last));
    expect(await swipesOf(me)).toEqual([`${first}:DISLIKE`]);
    const socket = await socketAs(app, me);
    const offered = await ask(socket, 'explore', 'next');
    expect(offered.data).toMatchObject({ userId: String(last) });
    await socket.close();
  });

  it('is one step only: the dislike before the last one stays, with 409 and a message', async () => {
    const me = await createMember(em(), { age: 16 });
    const [a, b] = [await createMember(em(), { age: 16 }), await createMember(em(), { age: 16 })];
    await introduce(em(), me, a, b);
    await swipeAt(me, a, 'DISLIKE', 20);
    await swipeAt(me, b, 'DISLIKE', 10);
    expect((await undo(me, b)).status).toBe(200);
    const again = await undo(me, a);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ ok: false, message: 'Вернуть можно только последнюю анкету' });
    expect(await swipesOf(me)).toEqual([`${a}:DISLIKE`]);
    // A new swipe can be taken back again.
    await swipeAt(me, b, 'DISLIKE', 0);
    expect((await undo(me, b)).status).toBe(200);
  });

  it('refuses an older dislike and a like, and leaves them as they were', async () => {
    const me = await createMember(em(), { age: 17 });
    const [disliked, liked] = [await createMember(em(), { age: 17 }), await createMember(em(), { age: 17 })];
    await introduce(em(), me, disliked, liked);
    await swipeAt(me, disliked, 'DISLIKE', 20);
    await swipeAt(me, liked, 'LIKE', 10);
    expect((await undo(me, disliked)).body).toMatchObject({ message: 'Вернуть можно только последнюю анкету' });
    const like = await undo(me, liked);
    expect(like.status).toBe(409);
    expect(like.body.message).toBe('Вернуть можно только дизлайк');
    expect(await swipesOf(me)).toEqual([`${disliked}:DISLIKE`, `${liked}:LIKE`].sort());
  });

  it('refuses with nothing to take back, bad input with 400, and a person now out of the age band', async () => {
    const me = await createMember(em(), { age: 16 });
    expect((await undo(me, 123)).body).toMatchObject({ message: 'Нечего возвращать' });
    const bad = await undo(me, 'abc');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Не указана анкета');
    const adult = await createMember(em(), { age: 18 });
    // A card served and disliked when both were in one band (a birthday moved the peer out of it since).
    await introduce(em(), me, adult);
    await em()
      .getConnection()
      .execute("INSERT INTO likes (from_id, to_id, kind, created_at, answered) VALUES (?, ?, 'DISLIKE', now(), false)", [me, adult]);
    const out = await undo(me, adult);
    expect(out.status).toBe(404);
    expect(out.body.message).toBe('Анкета недоступна');
    expect(await swipesOf(me)).toEqual([`${adult}:DISLIKE`]);
  });

  it('a dislike of someone who liked me, taken back, puts their like back on my likes screen', async () => {
    const me = await createMember(em(), { age: 14 });
    const liker = await createMember(em(), { age: 14 });
    // The feed served my card to the liker; their like introduces them to me.
    await introduce(em(), liker, me);
    await swipeAt(liker, me, 'LIKE', 30);
    await swipeAt(me, liker, 'DISLIKE', 10);
    expect((await undo(me, liker)).status).toBe(200);
    const socket = await socketAs(app, me);
    const page = await ask(socket, 'likes', 'get_received', { page: 1 });
    expect((page.data as { likes: Array<{ userId: string }> }).likes.map((l) => l.userId)).toEqual([String(liker)]);
    await socket.close();
  });

  it('is rate limited like likes', async () => {
    const me = await createMember(em(), { age: 19 });
    let status = 0;
    for (let i = 0; i < 61 && status !== 429; i++) status = (await undo(me, 1)).status;
    expect(status).toBe(429);
    expect((await undo(me, 1)).body.message).toMatch(/^Слишком много лайков\. Попробуйте через \d+ с$/);
  });
});
