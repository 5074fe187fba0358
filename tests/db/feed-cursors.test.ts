import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextFeedProfile, type FeedViewer } from '../../db/explore/feed.repository';
import { ANYWHERE } from '../../db/explore/feed-cursors';
import { clearOldLikes } from '../../db/likes/likes.service';
import { sql, type UpdateObject } from 'kysely';
import { sqlOf, type Database } from '../../db/kysely';
import { birthDateForAge, createMember } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
let places: number[];
beforeAll(async () => {
  app = await createTestApp();
  // Four places of their own: three close together for the property's world, one far away for the other tests.
  places = [990001, 990002, 990003, 990004];
  await db()
    .insertInto('places')
    .values([
      { id: 990001, name: 'Альфа', name_normalized: 'альфа', country: 'Тест', lat: 55.0, lon: 37.0, population: 1000 },
      { id: 990002, name: 'Бета', name_normalized: 'бета', country: 'Тест', lat: 55.2, lon: 37.1, population: 500 },
      { id: 990003, name: 'Гамма', name_normalized: 'гамма', country: 'Тест', lat: 54.7, lon: 36.5, population: 200 },
      { id: 990004, name: 'Дельта', name_normalized: 'дельта', country: 'Тест', lat: 10.0, lon: 100.0, population: 100 },
    ])
    .execute();
});
afterAll(() => app.close());
const em = () => app.db.orm.em.fork();
const db = () => sqlOf(em());
const like = (from: number, to: number, kind: 'LIKE' | 'DISLIKE', at: Date | ReturnType<typeof sql<Date>>) =>
  db()
    .insertInto('likes')
    .values({ from_id: from, to_id: to, kind, created_at: at })
    .onConflict((oc) => oc.doNothing())
    .execute();
const now = () => sql<Date>`now()`;
const MINUTE = 60_000;
const DAY = 86_400_000;
const WORLD = 8;
const block = (blocker: number, blocked: number) =>
  db()
    .insertInto('blocks')
    .values({ blocker_id: blocker, blocked_id: blocked, created_at: now() })
    .onConflict((oc) => oc.doNothing())
    .execute();
const unblock = (blocker: number, blocked: number) =>
  db().deleteFrom('blocks').where('blocker_id', '=', blocker).where('blocked_id', '=', blocked).execute();
const updateProfile = (id: number, set: UpdateObject<Database, 'profiles'>) =>
  db().updateTable('profiles').set(set).where('user_telegram_id', '=', id).execute();
const threeDaysAgo = () => sql<Date>`now() - interval '3 days'`;

/** The feed resuming at the viewer's cursors must always answer what a walk from the top answers. */
async function expectAgreement(viewer: FeedViewer, step: string): Promise<number | null> {
  const resumed = await nextFeedProfile(em(), viewer);
  const walked = await nextFeedProfile(em(), viewer, { resume: false });
  expect(resumed, `after ${step}`).toBe(walked);
  return resumed;
}

// Everything that can make a profile showable (or not) to the viewer, as it reaches the database.
type Op =
  | { t: 'next' }
  | { t: 'askAhead' }
  | { t: 'swipe'; i: number; old: boolean }
  | { t: 'clearOld' }
  | { t: 'block' | 'unblock'; i: number; byViewer: boolean }
  | { t: 'ban' | 'unban' | 'hide' | 'approve'; i: number }
  | { t: 'move'; i: number; place: number }
  | { t: 'age'; i: number; age: number }
  | { t: 'viewerMove'; place: number }
  | { t: 'viewerAge'; age: number }
  | { t: 'search'; i: number; viewer: boolean; sex: 'MALE' | 'FEMALE' | null; show: 'MALE' | 'FEMALE' | 'ALL'; lookingFor: string[] };

const member = fc.nat(WORLD - 1);
// The property's world lives in the first three places; the other tests use the fourth.
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { arbitrary: fc.constant({ t: 'next' as const }), weight: 3 },
  // The app asks for the card after the one on screen (skip), which stays unswiped.
  { arbitrary: fc.constant({ t: 'askAhead' as const }), weight: 2 },
  { arbitrary: fc.record({ t: fc.constant('swipe' as const), i: member, old: fc.boolean() }), weight: 4 },
  fc.constant({ t: 'clearOld' as const }),
  fc.record({ t: fc.constantFrom('block' as const, 'unblock' as const), i: member, byViewer: fc.boolean() }),
  fc.record({ t: fc.constantFrom('ban' as const, 'unban' as const, 'hide' as const, 'approve' as const), i: member }),
  fc.record({ t: fc.constant('move' as const), i: member, place: fc.nat(2) }),
  fc.record({ t: fc.constant('age' as const), i: member, age: fc.integer({ min: 14, max: 19 }) }),
  fc.record({ t: fc.constant('viewerMove' as const), place: fc.nat(2) }),
  fc.record({ t: fc.constant('viewerAge' as const), age: fc.integer({ min: 15, max: 18 }) }),
  // Search settings (AMENDMENTS §4.1) of a member or of the viewer: who passes whose filter changes both ways.
  fc.record({
    t: fc.constant('search' as const),
    i: member,
    viewer: fc.boolean(),
    sex: fc.constantFrom('MALE' as const, 'FEMALE' as const, null),
    show: fc.constantFrom('MALE' as const, 'FEMALE' as const, 'ALL' as const),
    lookingFor: fc.subarray(['LOCAL', 'COMMUNICATION']),
  }),
);

async function apply(op: Op, viewer: FeedViewer, world: number[]): Promise<void> {
  const who = 'i' in op ? world[op.i]! : 0;
  switch (op.t) {
    case 'next':
      return;
    case 'askAhead': {
      const onScreen = await nextFeedProfile(em(), viewer, { resume: false });
      if (onScreen !== null) await nextFeedProfile(em(), viewer, { skip: onScreen });
      return;
    }
    case 'swipe':
      await like(viewer.telegramId, who, 'LIKE', new Date(Date.now() - (op.old ? 20 * DAY : 0)));
      return;
    case 'clearOld':
      await clearOldLikes(em(), viewer.telegramId);
      return;
    case 'block':
    case 'unblock': {
      const [blocker, blocked] = op.byViewer ? [viewer.telegramId, who] : [who, viewer.telegramId];
      if (op.t === 'block') await block(blocker, blocked);
      else await unblock(blocker, blocked);
      return;
    }
    case 'ban':
    case 'unban':
      await db()
        .updateTable('users')
        .set({ is_banned: op.t === 'ban' })
        .where('telegram_id', '=', who)
        .execute();
      return;
    case 'hide':
    case 'approve':
      await updateProfile(who, { description_moderation_status: op.t === 'hide' ? 'PENDING' : 'APPROVED' });
      return;
    case 'move':
      await updateProfile(who, { place_id: places[op.place]! });
      return;
    case 'age':
      await updateProfile(who, { birth_date: birthDateForAge(op.age) });
      return;
    case 'viewerMove':
      viewer.placeId = places[op.place]!;
      return;
    case 'viewerAge':
      viewer.birthDate = birthDateForAge(op.age);
      return;
    case 'search':
      await updateProfile(op.viewer ? viewer.telegramId : who, {
        sex: op.sex,
        search_show: op.show,
        search_looking_for: sql<string[]>`${op.lookingFor}::text[]`,
      });
      return;
  }
}

describe('feed cursors', () => {
  it('are saved for every place walked, up to the one whose card was found, and for none past it', async () => {
    // First in the file: nobody but who this test makes is in any place yet.
    const viewerAt = async () => {
      const viewerId = await createMember(em(), { age: 19, placeId: places[3]! });
      return { telegramId: viewerId, birthDate: birthDateForAge(19), placeId: places[3]! } satisfies FeedViewer;
    };
    const cursorsOf = async (viewerId: number) =>
      (await db().selectFrom('feed_cursors').select('place_id').where('viewer_id', '=', viewerId).execute()).map((c) => Number(c.place_id));
    const neighbours = db().selectFrom('place_neighbours').select('nearest').where('place_id', '=', places[3]!);
    const ranked = (await neighbours.executeTakeFirstOrThrow()).nearest.map(Number);
    expect(ranked.length).toBeGreaterThan(2);

    // Nobody near: every place of the list is walked, and each keeps its cursor (then anywhere, which keeps its own).
    const alone = await viewerAt();
    expect(await nextFeedProfile(em(), alone)).toBe(null);
    expect((await cursorsOf(alone.telegramId)).filter((p) => p !== ANYWHERE).sort()).toEqual([...ranked].sort());

    // Someone in the second place (the first viewer, in the first, hidden): the first two places keep cursors, the rest
    // are not walked.
    await updateProfile(alone.telegramId, { description_moderation_status: 'PENDING' });
    const second = await createMember(em(), { age: 19, placeId: ranked[1]!, activeAt: new Date(Date.now() - DAY) });
    const viewer = await viewerAt();
    expect(await expectAgreement(viewer, 'one person in the second place')).toBe(second);
    expect((await cursorsOf(viewer.telegramId)).sort()).toEqual(ranked.slice(0, 2).sort());
  });

  it('always agree with a walk from the top, whatever happens between two swipes (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.integer({ min: 15, max: 17 }), fc.nat(2)), { minLength: WORLD, maxLength: WORLD }),
        fc.array(opArb, { minLength: 5, maxLength: 25 }),
        async (people, ops) => {
          // Distinct activity times in the past, so the order has no ties and nobody is fresh by accident.
          const start = Date.now() - 3 * DAY;
          const world: number[] = [];
          for (const [k, [age, place]] of people.entries())
            world.push(await createMember(em(), { age, placeId: places[place]!, activeAt: new Date(start - k * 7 * MINUTE) }));
          const viewerId = await createMember(em(), { age: 16, placeId: places[0]!, activeAt: new Date(start - DAY) });
          const viewer: FeedViewer = { telegramId: viewerId, birthDate: birthDateForAge(16), placeId: places[0]! };
          await expectAgreement(viewer, 'start');
          for (const [n, op] of ops.entries()) {
            await apply(op, viewer, world);
            // Swiping whoever the feed shows is what users do most: it moves the cursors.
            const shown = await expectAgreement(viewer, `${n}: ${JSON.stringify(op)}`);
            if (op.t === 'next' && shown !== null) await like(viewerId, shown, 'DISLIKE', now());
          }
        },
      ),
      { numRuns: 25 },
    );
  });

  it('resume where the last walk stopped, and start over after an unblock or cleared likes', async () => {
    const viewerId = await createMember(em(), { age: 16, placeId: places[3]! });
    const viewer: FeedViewer = { telegramId: viewerId, birthDate: birthDateForAge(16), placeId: places[3]! };
    const [a, b] = [
      await createMember(em(), { age: 16, placeId: places[3]!, activeAt: new Date(Date.now() - DAY) }),
      await createMember(em(), { age: 16, placeId: places[3]!, activeAt: new Date(Date.now() - 2 * DAY) }),
    ];
    await like(viewerId, a, 'DISLIKE', now());
    expect(await expectAgreement(viewer, 'a disliked')).toBe(b);
    // The cursor stands at b: a, more recently active, is not walked again.
    const cursor = await db()
      .selectFrom('feed_cursors as c')
      .innerJoin('profiles as p', 'p.active_at', 'c.active_at')
      .select('c.place_id')
      .where('c.viewer_id', '=', viewerId)
      .where('p.user_telegram_id', '=', b)
      .execute();
    expect(cursor).toEqual([{ place_id: places[3] }]);

    await block(a, viewerId);
    await unblock(a, viewerId);
    expect(await db().selectFrom('feed_resets').select('viewer_id').where('viewer_id', '=', viewerId).execute()).toHaveLength(1);
  });

  it('never pass the card on screen (skip): an unswiped card comes back when the app asks for its first card again', async () => {
    // The app shows x and asks ahead for the card after it (skip x); closed without a swipe, it starts from the top again.
    // A place of its own, far from the others: nobody else is nearer.
    const place = 990005;
    await db()
      .insertInto('places')
      .values({ id: place, name: 'Эпсилон', name_normalized: 'эпсилон', country: 'Тест', lat: -40, lon: -70, population: 10 })
      .execute();
    const viewerId = await createMember(em(), { age: 16, placeId: place });
    const viewer: FeedViewer = { telegramId: viewerId, birthDate: birthDateForAge(16), placeId: place };
    const [x, y] = [
      await createMember(em(), { age: 16, placeId: place, activeAt: new Date(Date.now() - 3 * MINUTE - 5 * DAY) }),
      await createMember(em(), { age: 16, placeId: place, activeAt: new Date(Date.now() - 4 * MINUTE - 5 * DAY) }),
    ];
    expect(await nextFeedProfile(em(), viewer)).toBe(x);
    expect(await nextFeedProfile(em(), viewer, { skip: x })).toBe(y);
    expect(await expectAgreement(viewer, 'the card on screen left unswiped')).toBe(x);
    // Swiped now: the walk goes on past it.
    await like(viewerId, x, 'DISLIKE', now());
    expect(await expectAgreement(viewer, 'x swiped')).toBe(y);
  });

  it('activity moves a profile up at most hourly; approval and unbanning bring it to the top', async () => {
    const id = await createMember(em(), { age: 16, activeAt: new Date(Date.now() - 3 * DAY) });
    const activeAt = async () =>
      new Date(
        (await db().selectFrom('profiles').select('active_at').where('user_telegram_id', '=', id).executeTakeFirstOrThrow()).active_at,
      ).getTime();
    const seenAt = (at: ReturnType<typeof sql<Date>>) =>
      db().updateTable('users').set({ last_seen_at: at }).where('telegram_id', '=', id).execute();
    await seenAt(now());
    const seen = await activeAt();
    expect(Date.now() - seen).toBeLessThan(MINUTE);
    await seenAt(sql<Date>`now() + interval '1 minute'`);
    expect(await activeAt()).toBe(seen);

    await updateProfile(id, { active_at: threeDaysAgo(), description_moderation_status: 'PENDING' });
    await updateProfile(id, { description_moderation_status: 'APPROVED' });
    expect(Date.now() - (await activeAt())).toBeLessThan(MINUTE);

    await updateProfile(id, { active_at: threeDaysAgo() });
    await db().updateTable('users').set({ is_banned: true }).where('telegram_id', '=', id).execute();
    await db().updateTable('users').set({ is_banned: false }).where('telegram_id', '=', id).execute();
    expect(Date.now() - (await activeAt())).toBeLessThan(MINUTE);
  });
});
