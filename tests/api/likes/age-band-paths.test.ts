import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextFeedProfile } from '../../../db/explore/feed.repository';
import { likesHistoryPage } from '../../../db/likes/likes-history.repository';
import { swipe } from '../../../db/likes/likes.service';
import { receivedLikesPage } from '../../../db/likes/received-likes.repository';
import { canMeet } from '../../../db/matching/age-band';
import { loadViewer } from '../../../db/matching/viewer';
import { sqlOf } from '../../../db/kysely';
import { createMember, introduce } from '../../support/factories';
import { createTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());
const em = () => app.db.orm.em.fork();
const DAY = 86_400_000;

// Birth dates from 13 (the youngest who can sign up) to 23 years ago, to the day, so birthdays fall on both sides of today.
const birthDateArb = fc
  .integer({ min: 13 * 366, max: 23 * 365 })
  .map((days) => new Date(Date.now() - days * DAY).toISOString().slice(0, 10));

describe('age bands on every path (property)', () => {
  it('no feed, like, received like, history row or match ever connects two users who may not meet', async () => {
    const births = new Map<number, string>();
    const okPair = (a: number, b: number) => canMeet(births.get(a)!, births.get(b)!, new Date());
    await fc.assert(
      fc.asyncProperty(
        fc.array(birthDateArb, { minLength: 4, maxLength: 8 }),
        fc.array(fc.tuple(fc.nat(7), fc.nat(7)), { maxLength: 30 }),
        async (dates, likes) => {
          const ids: number[] = [];
          for (const birthDate of dates) {
            const id = await createMember(em(), { birthDate });
            births.set(id, birthDate);
            ids.push(id);
          }
          // Everyone was introduced to everyone (AMENDMENTS §5.1), so the age band alone decides.
          for (const id of ids) await introduce(em(), id, ...ids.filter((other) => other !== id));
          for (const [i, j] of likes) {
            const a = ids[i % ids.length]!;
            const b = ids[j % ids.length]!;
            const result = await swipe(em(), app.bus, { fromId: a, toId: b, kind: 'LIKE' }).then(
              () => 'ok',
              () => 'refused',
            );
            if (a !== b) expect(result === 'ok').toBe(okPair(a, b));
          }
          for (const id of ids) {
            const viewer = await loadViewer(em(), id);
            const next = await nextFeedProfile(em(), viewer);
            if (next !== null) expect(okPair(id, next)).toBe(true);
            for (const { userId } of (await receivedLikesPage(em(), viewer, 1, 50)).likes) expect(okPair(id, userId)).toBe(true);
            for (const filter of ['received-likes', 'my-likes', 'matched', 'unmatched'] as const) {
              for (const row of (await likesHistoryPage(em(), viewer, filter, 1, 50)).likes)
                expect(okPair(id, Number(row.userId))).toBe(true);
            }
          }
          const matches = await sqlOf(em()).selectFrom('matches').select(['user_low_id as a', 'user_high_id as b']).execute();
          for (const m of matches) expect(okPair(Number(m.a), Number(m.b))).toBe(true);
        },
      ),
      { numRuns: 25 },
    );
  }, 120_000);
});
