import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { swipe } from '../../../db/likes/likes.service';
import { Profile } from '../../../db/profiles/profile.entity';
import { createMember, introduceBothWays } from '../../support/factories';
import { receivedOf } from '../../support/chats';
import { tmaHeader } from '../../support/init-data';
import { ask, initDataFor, socketAs } from '../../support/sockets';
import { createTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());
const em = () => app.db.orm.em.fork();

type Show = 'MALE' | 'FEMALE' | 'ALL';
async function person(sex: 'MALE' | 'FEMALE' | null, show: Show, displayName: string): Promise<number> {
  const id = await createMember(em(), { displayName });
  await em().nativeUpdate(Profile, { user: id }, { sex, searchShow: show } as never);
  return id;
}
const setShow = (id: number, show: Show) => em().nativeUpdate(Profile, { user: id }, { searchShow: show } as never);
const get = (me: number, path: string, query: Record<string, string> = {}) =>
  app.request
    .get(path)
    .query(query)
    .set(tmaHeader(initDataFor(me)));

/** What `me` can learn of `other` on every path but the chat: received likes, their count, history, profile view. */
async function whatReaches(me: number, other: number) {
  const socket = await socketAs(app, me);
  const received = await ask<{ data: { likes: Array<{ userId: string }> } }>(socket, 'likes', 'get_received', {});
  await socket.close();
  const history = await Promise.all(
    (['received-likes', 'my-likes', 'matched'] as const).map(async (filter) => (await get(me, '/api/likes/history', { filter })).body),
  );
  return {
    received: received.data.likes.map((l) => l.userId),
    unread: (await get(me, '/api/likes/unread-count')).body.count as number,
    history: history.map((h: { likes: Array<{ userId: string }> }) => h.likes.map((l) => l.userId)),
    counts: history[0].receivedLikesCount as number,
    view: (await get(me, '/api/profile/view', { userId: String(other) })).status,
  };
}

describe("'Кого показывать' on every path (AMENDMENTS §5.1)", () => {
  it('a like to someone whose filter excludes the liker is answered as a like to nobody and never reaches them', async () => {
    const girl = await person('FEMALE', 'FEMALE', 'Аня');
    const boy = await person('MALE', 'ALL', 'Боря');
    // Introduced before her filter said 'девушки' (an old swipe): the introduction alone lets nothing through.
    await introduceBothWays(em(), girl, boy);
    const hers = await socketAs(app, girl);
    const his = await socketAs(app, boy);
    const toNobody = await ask(his, 'explore', 'like', { targetUserId: '999999999999' });
    expect(await ask(his, 'explore', 'like', { targetUserId: String(girl) })).toEqual({ ...toNobody, cid: expect.any(String) });
    expect(await ask(his, 'likes', 'action', { targetUserId: String(girl), action: 'like' })).toMatchObject({
      t: 'error',
      data: { message: 'Анкета недоступна' },
    });
    // The sentinel: an answer to her asked after his likes; a new_like push would have come before it.
    await ask(hers, 'likes', 'get_stats', {});
    expect(receivedOf(hers, 'likes', 'new_like')).toEqual([]);
    expect(await whatReaches(girl, boy)).toEqual({ received: [], unread: 0, history: [[], [], []], counts: 0, view: 404 });
    await Promise.all([hers.close(), his.close()]);
  });

  it('a change of filter takes the other out of likes, counts, history, matches and profile view; the chat stays', async () => {
    const girl = await person('FEMALE', 'ALL', 'Аня');
    const boy = await person('MALE', 'ALL', 'Боря');
    const fan = await person('MALE', 'ALL', 'Вова');
    await introduceBothWays(em(), girl, boy);
    await introduceBothWays(em(), girl, fan);
    const { chatId } = await swipe(em(), app.bus, { fromId: boy, toId: girl, kind: 'LIKE' }).then(() =>
      swipe(em(), app.bus, { fromId: girl, toId: boy, kind: 'LIKE' }),
    );
    await swipe(em(), app.bus, { fromId: fan, toId: girl, kind: 'LIKE' });
    expect(await whatReaches(girl, fan)).toMatchObject({ received: [String(fan)], unread: 1, counts: 2, view: 200 });
    expect((await whatReaches(boy, girl)).history[2]).toEqual([String(girl)]);

    await setShow(girl, 'FEMALE');
    expect(await whatReaches(girl, fan)).toEqual({ received: [], unread: 0, history: [[], [], []], counts: 0, view: 404 });
    // Both ways: the boys no longer see her either, in the matches tab or her card.
    expect(await whatReaches(boy, girl)).toEqual({ received: [], unread: 0, history: [[], [], []], counts: 0, view: 404 });
    expect((await get(girl, '/api/messages/chat-info', { chatId: String(chatId) })).status).toBe(200);
  });

  it('a profile with no stored sex meets only people whose "Кого показывать" is "все" (AMENDMENTS §5.2)', async () => {
    const unknown = await person(null, 'ALL', 'Саша');
    const picky = await person('FEMALE', 'FEMALE', 'Аня');
    const open = await person('FEMALE', 'ALL', 'Яна');
    await introduceBothWays(em(), unknown, picky);
    await introduceBothWays(em(), unknown, open);
    expect((await get(picky, '/api/profile/view', { userId: String(unknown) })).status).toBe(404);
    expect((await get(unknown, '/api/profile/view', { userId: String(picky) })).status).toBe(404);
    expect((await get(open, '/api/profile/view', { userId: String(unknown) })).status).toBe(200);
    expect((await get(unknown, '/api/profile/view', { userId: String(open) })).status).toBe(200);
  });
});
