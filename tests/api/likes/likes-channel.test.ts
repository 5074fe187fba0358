import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchViewSchema, receivedLikeSchema } from '../../../contracts/likes';
import { swipe } from '../../../db/likes/likes.service';
import { createMember, introduce } from '../../support/factories';
import { ask, initDataFor, socketAs } from '../../support/sockets';
import { createTestApp, type TestApp } from '../../support/test-app';
import { tmaHeader } from '../../support/init-data';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());
const em = () => app.db.orm.em.fork();
const like = (fromId: number, toId: number) => swipe(em(), app.bus, { fromId, toId, kind: 'LIKE' });

describe('likes socket', () => {
  it('says hello on open', async () => {
    const me = await createMember(em(), { age: 15 });
    const socket = await socketAs(app, me);
    expect(await socket.next((m) => m.t === 'hello')).toMatchObject({ ch: 'likes', data: { userId: String(me) } });
    expect(await ask(socket, 'likes', 'get_received', {})).toMatchObject({ data: { likes: [], counts: { received: 0, matches: 0 } } });
    await socket.close();
  });

  it('lists received likes newest first with cards, then answers one into a match', async () => {
    const me = await createMember(em(), { age: 15 });
    const [a, b] = [await createMember(em(), { age: 14, displayName: 'Аня' }), await createMember(em(), { age: 16, displayName: 'Боря' })];
    // The feed served my card to both; their likes introduce them to me.
    await introduce(em(), a, me);
    await introduce(em(), b, me);
    await like(a, me);
    await like(b, me);
    const unread = await app.request.get('/api/likes/unread-count').set(tmaHeader(initDataFor(me)));
    expect(unread.body).toMatchObject({ ok: true, count: 2 });

    const socket = await socketAs(app, me);
    const reply = await ask<{ data: { likes: unknown[]; hasNext: boolean } }>(socket, 'likes', 'get_received', { page: 1, limit: 20 });
    expect(reply.t).toBe('received_likes');
    const likes = reply.data.likes.map((l) => receivedLikeSchema.parse(l));
    expect(likes.map((l) => l.displayName)).toEqual(['Боря', 'Аня']);
    expect(reply.data.hasNext).toBe(false);
    // A page sent is not a like seen: only the card shown on screen ('seen') stops counting as unread.
    expect(likes.map((l) => l.seen)).toEqual([false, false]);
    const afterPage = await app.request.get('/api/likes/unread-count').set(tmaHeader(initDataFor(me)));
    expect(afterPage.body.count).toBe(2);
    expect(await ask(socket, 'likes', 'seen', { targetUserId: String(b) })).toMatchObject({
      t: 'seen_ok',
      data: { targetUserId: String(b) },
    });
    const afterSeen = await app.request.get('/api/likes/unread-count').set(tmaHeader(initDataFor(me)));
    expect(afterSeen.body.count).toBe(1);
    const again = await ask<{ data: { likes: unknown[] } }>(socket, 'likes', 'get_received', {});
    expect(again.data.likes.map((l) => receivedLikeSchema.parse(l)).map((l) => [l.displayName, l.seen])).toEqual([
      ['Боря', true],
      ['Аня', false],
    ]);
    expect(await ask(socket, 'likes', 'seen', { targetUserId: 'x' })).toMatchObject({ t: 'error', data: { message: 'Не указана анкета' } });

    const cid = 'answer';
    socket.send({ ch: 'likes', t: 'action', cid, data: { targetUserId: String(b), action: 'like' } });
    expect(await socket.next((m) => m.cid === cid && m.t === 'action_success')).toMatchObject({
      data: { targetUserId: String(b), action: 'like' },
    });
    const match = await socket.next((m) => m.cid === cid && m.t === 'match');
    // The match view's payload: both first photos and the peer's display name, never a Telegram @username.
    expect(matchViewSchema.parse(match.data)).toMatchObject({ userId: String(b), peerName: 'Боря', peerPhotoUrl: null, myPhotoUrl: null });
    expect(JSON.stringify(match.data)).not.toContain(`u${b}`);
    const rest = await ask<{ data: { likes: Array<{ userId: string }> } }>(socket, 'likes', 'get_received', {});
    expect(rest.data.likes.map((l) => l.userId)).toEqual([String(a)]);
    expect(await ask(socket, 'likes', 'action', { targetUserId: String(a), action: 'dislike' })).toMatchObject({ t: 'action_success' });
    // All answered: the empty page says likes did come, and how many became matches.
    expect(await ask(socket, 'likes', 'get_received', {})).toMatchObject({
      t: 'received_likes',
      data: { likes: [], counts: { received: 2, matches: 1 } },
    });
    await socket.close();
  });

  it('hides received likes from people who left the band or were blocked', async () => {
    const me = await createMember(em(), { age: 17 });
    const fine = await createMember(em(), { age: 17 });
    const blocked = await createMember(em(), { age: 16 });
    await introduce(em(), fine, me);
    await introduce(em(), blocked, me);
    await like(fine, me);
    await like(blocked, me);
    await em().getConnection().execute('INSERT INTO blocks (blocker_id, blocked_id, created_at) VALUES (?, ?, now())', [me, blocked]);
    const socket = await socketAs(app, me);
    const reply = await ask<{ data: { likes: Array<{ userId: string }> } }>(socket, 'likes', 'get_received', {});
    expect(reply.data.likes.map((l) => l.userId)).toEqual([String(fine)]);
    await socket.close();
  });

  it('answers get_sent and get_stats, and refuses a bad action', async () => {
    const me = await createMember(em(), { age: 19 });
    const other = await createMember(em(), { age: 19 });
    await introduce(em(), me, other);
    await like(me, other);
    const socket = await socketAs(app, me);
    const sent = await ask<{ data: { likes: Array<{ userId: string; isMyLike: boolean }> } }>(socket, 'likes', 'get_sent', {});
    expect(sent.t).toBe('sent_likes');
    expect(sent.data.likes).toMatchObject([{ userId: String(other), isMyLike: true }]);
    expect(await ask(socket, 'likes', 'get_stats')).toMatchObject({ t: 'stats', data: { sent: 1, received: 0, matches: 0 } });
    expect(await ask(socket, 'likes', 'action', { targetUserId: other, action: 'superlike' })).toMatchObject({
      t: 'error',
      data: { message: 'Неизвестное действие' },
    });
    await socket.close();
  });
});
