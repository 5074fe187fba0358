import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextFeedProfile } from '../../db/explore/feed.repository';
import { clearOldLikes, swipe } from '../../db/likes/likes.service';
import { receivedLikesPage } from '../../db/likes/received-likes.repository';
import { loadViewer } from '../../db/matching/viewer';
import { sqlOf } from '../../db/kysely';
import { createMember, introduce, introduceBothWays } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());
const em = () => app.db.orm.em.fork();
const DAY = 86_400_000;

const likedMe = async (me: number) => nextFeedProfile(em(), await loadViewer(em(), me), { preferLikedMe: true });
const pending = async (me: number) => (await receivedLikesPage(em(), await loadViewer(em(), me), 1, 20)).likes.map((l) => l.userId);
const answered = async (from: number, to: number) =>
  (await sqlOf(em()).selectFrom('likes').select('answered').where('from_id', '=', from).where('to_id', '=', to).executeTakeFirst())
    ?.answered;

describe('likes waiting for an answer (the liked-me pick and the likes screen)', () => {
  it('offers a liker first until the viewer swipes them, whichever way', async () => {
    const me = await createMember(em(), { age: 16 });
    const [fan, other] = [
      await createMember(em(), { age: 16 }),
      await createMember(em(), { age: 16, activeAt: new Date(Date.now() + DAY) }),
    ];
    // The feed served my card to the fan; their like then introduces them to me.
    await introduce(em(), fan, me);
    await swipe(em(), app.bus, { fromId: fan, toId: me, kind: 'LIKE' });
    expect(await likedMe(me)).toBe(fan);
    expect(await pending(me)).toEqual([fan]);

    await swipe(em(), app.bus, { fromId: me, toId: fan, kind: 'DISLIKE' });
    expect(await answered(fan, me)).toBe(true);
    expect(await pending(me)).toEqual([]);
    // Not the fan again: the most recently active unseen profile instead.
    expect(await likedMe(me)).toBe(other);
  });

  it('a like to someone the receiver already swiped is answered from the start', async () => {
    const [a, b] = [await createMember(em(), { age: 17 }), await createMember(em(), { age: 17 })];
    await introduceBothWays(em(), a, b);
    await swipe(em(), app.bus, { fromId: a, toId: b, kind: 'DISLIKE' });
    await swipe(em(), app.bus, { fromId: b, toId: a, kind: 'LIKE' });
    expect(await answered(b, a)).toBe(true);
    expect(await pending(a)).toEqual([]);
  });

  it('two users liking each other at once leave no pending like on either side', async () => {
    const [a, b] = [await createMember(em(), { age: 15 }), await createMember(em(), { age: 15 })];
    await introduceBothWays(em(), a, b);
    await Promise.all([
      swipe(em(), app.bus, { fromId: a, toId: b, kind: 'LIKE' }),
      swipe(em(), app.bus, { fromId: b, toId: a, kind: 'LIKE' }),
    ]);
    expect([await answered(a, b), await answered(b, a)]).toEqual([true, true]);
  });

  it('clearing old likes reopens the answer on the other side', async () => {
    const [me, peer] = [await createMember(em(), { age: 18 }), await createMember(em(), { age: 18 })];
    await introduceBothWays(em(), me, peer);
    await swipe(em(), app.bus, { fromId: peer, toId: me, kind: 'DISLIKE' });
    await swipe(em(), app.bus, { fromId: me, toId: peer, kind: 'LIKE', now: new Date(Date.now() - 20 * DAY) });
    expect(await answered(peer, me)).toBe(true);
    expect(await clearOldLikes(em(), me)).toBe(1);
    expect(await answered(peer, me)).toBe(false);
  });
});
