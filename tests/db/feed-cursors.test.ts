import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextFeedProfile, type FeedViewer } from '../../db/explore/feed.repository';
import { clearOldLikes } from '../../db/likes/likes.service';
import { query } from '../../db/sql';
import { birthDateForAge, createMember } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
let places: number[];
beforeAll(async () => {
  app = await createTestApp();
  // Four places of their own: three close together for the property's world, one far away for the other tests.
  places = [990001, 990002, 990003, 990004];
  await sql(`INSERT INTO places (id, name, name_normalized, country, lat, lon, population) VALUES
    (990001, 'Альфа', 'альфа', 'Тест', 55.0, 37.0, 1000), (990002, 'Бета', 'бета', 'Тест', 55.2, 37.1, 500),
    (990003, 'Гамма', 'гамма', 'Тест', 54.7, 36.5, 200), (990004, 'Дельта', 'дельта', 'Тест', 10.0, 100.0, 100)`);
});
afterAll(() => app.close());
const em = () => app.db.orm.em.fork();
const sql = (text: string, params: unknown[] = []) => query(em(), text, params);
const MINUTE = 60_000;
const DAY = 86_400_000;
const WORLD = 8;

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
    case 'swipe':
      await sql(`INSERT INTO likes (from_id, to_id, kind, created_at) VALUES (?, ?, 'LIKE', ?) ON CONFLICT DO NOTHING`, [
        viewer.telegramId,
        who,
        new Date(Date.now() - (op.old ? 20 * DAY : 0)),
      ]);
      return;
    case 'clearOld':
      await clearOldLikes(em(), viewer.telegramId);
      return;
    case 'block':
    case 'unblock': {
      const pair = op.byViewer ? [viewer.telegramId, who] : [who, viewer.telegramId];
      await sql(
        op.t === 'block'
          ? 'INSERT INTO blocks (blocker_id, blocked_id, created_at) VALUES (?, ?, now()) ON CONFLICT DO NOTHING'
          : 'DELETE FROM blocks WHERE blocker_id = ? AND blocked_id = ?',
        pair,
      );
      return;
    }
    case 'ban':
    case 'unban':
      await sql('UPDATE users SET is_banned = ? WHERE telegram_id = ?', [op.t === 'ban', who]);
      return;
    case 'hide':
    case 'approve':
      await sql('UPDATE profiles SET description_moderation_status = ? WHERE user_telegram_id = ?', [
        op.t === 'hide' ? 'PENDING' : 'APPROVED',
        who,
      ]);
      return;
    case 'move':
      await sql('UPDATE profiles SET place_id = ? WHERE user_telegram_id = ?', [places[op.place], who]);
      return;
    case 'age':
      await sql('UPDATE profiles SET birth_date = ? WHERE user_telegram_id = ?', [birthDateForAge(op.age), who]);
      return;
    case 'viewerMove':
      viewer.placeId = places[op.place]!;
      return;
    case 'viewerAge':
      viewer.birthDate = birthDateForAge(op.age);
      return;
    case 'search':
      await sql(
        `UPDATE profiles SET sex = ?, search_show = ?, search_looking_for = string_to_array(?, ',')::text[] WHERE user_telegram_id = ?`,
        [op.sex, op.show, op.lookingFor.join(','), op.viewer ? viewer.telegramId : who],
      );
      return;
  }
}

describe('feed cursors', () => {
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
            if (op.t === 'next' && shown !== null)
              await sql(`INSERT INTO likes (from_id, to_id, kind, created_at) VALUES (?, ?, 'DISLIKE', now()) ON CONFLICT DO NOTHING`, [
                viewerId,
                shown,
              ]);
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
    await sql(`INSERT INTO likes (from_id, to_id, kind, created_at) VALUES (?, ?, 'DISLIKE', now())`, [viewerId, a]);
    expect(await expectAgreement(viewer, 'a disliked')).toBe(b);
    // The cursor stands at b: a, more recently active, is not walked again.
    const cursor = await sql(
      'SELECT c.place_id FROM feed_cursors c JOIN profiles p ON p.active_at = c.active_at WHERE c.viewer_id = ? AND p.user_telegram_id = ?',
      [viewerId, b],
    );
    expect(cursor).toEqual([{ place_id: places[3] }]);

    await sql('INSERT INTO blocks (blocker_id, blocked_id, created_at) VALUES (?, ?, now())', [a, viewerId]);
    await sql('DELETE FROM blocks WHERE blocker_id = ? AND blocked_id = ?', [a, viewerId]);
    expect(await sql('SELECT 1 FROM feed_resets WHERE viewer_id = ?', [viewerId])).toHaveLength(1);
  });

  it('activity moves a profile up at most hourly; approval and unbanning bring it to the top', async () => {
    const id = await createMember(em(), { age: 16, activeAt: new Date(Date.now() - 3 * DAY) });
    const activeAt = async () =>
      Number((await sql('SELECT extract(epoch FROM active_at) * 1000 AS ms FROM profiles WHERE user_telegram_id = ?', [id]))[0]!.ms);
    await sql('UPDATE users SET last_seen_at = now() WHERE telegram_id = ?', [id]);
    const seen = await activeAt();
    expect(Date.now() - seen).toBeLessThan(MINUTE);
    await sql(`UPDATE users SET last_seen_at = now() + interval '1 minute' WHERE telegram_id = ?`, [id]);
    expect(await activeAt()).toBe(seen);

    await sql(
      `UPDATE profiles SET active_at = now() - interval '3 days', description_moderation_status = 'PENDING' WHERE user_telegram_id = ?`,
      [id],
    );
    await sql(`UPDATE profiles SET description_moderation_status = 'APPROVED' WHERE user_telegram_id = ?`, [id]);
    expect(Date.now() - (await activeAt())).toBeLessThan(MINUTE);

    await sql(`UPDATE profiles SET active_at = now() - interval '3 days' WHERE user_telegram_id = ?`, [id]);
    await sql('UPDATE users SET is_banned = true WHERE telegram_id = ?', [id]);
    await sql('UPDATE users SET is_banned = false WHERE telegram_id = ?', [id]);
    expect(Date.now() - (await activeAt())).toBeLessThan(MINUTE);
  });
});
