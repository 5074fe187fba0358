import { describe, expect, it } from 'vitest';
import { nextCard } from '../../../api/explore/next-card';
import type { Viewer } from '../../../db/matching/viewer';
import { sqlOf } from '../../../db/kysely';
import { swipe } from '../../../db/likes/likes.service';
import { EventBus } from '../../../db/events/event-bus';
import { createLogger } from '../../../platform/logger';
import { createMember, introduceBothWays } from '../../support/factories';
import { useRecording } from '../../support/recorded-statements';

// Issue 42: what the explore screen's next card costs the database, counted as PostgreSQL receives it: the viewer's
// row (only on a socket's first card: later ones take the facts it read), then one statement that walks the feed,
// moves the viewer's cursors, records the introduction to the person it found (AMENDMENTS §5.1) and reads their card.
const files = useRecording();
const em = () => files.db.orm.em.fork();
const bus = new EventBus(createLogger('error'));
const HOUR = 3_600_000;
const introduced = async (viewer: number) =>
  (await sqlOf(em()).selectFrom('introductions').select('subject_id').where('viewer_id', '=', viewer).execute()).map((r) =>
    Number(r.subject_id),
  );
const next = async (viewer: number, preferLikedMe = false, known?: Viewer) => {
  const { result, statements } = await files.recording.during(() =>
    nextCard(files.recording.orm.em.fork(), viewer, { preferLikedMe, known }),
  );
  return { result: result.card, viewer: result.viewer, statements };
};

describe("the explore screen's next card, statement by statement (issue 42)", () => {
  it('tries the next walk when one finds no one, introduces no one and answers null when the feed is empty', async () => {
    await sqlOf(em())
      .insertInto('places')
      .values({ id: 994_001, lat: 55, lon: 37, name: 'Место', name_normalized: 'место', country: 'Тест', population: 1 })
      .execute();
    // The first test: the database holds no one else.
    const viewer = await createMember(em(), { age: 13, placeId: 994_001 });
    const { result, statements } = await next(viewer);
    // The viewer's place had no one of 13, nor had anywhere: the row and both walks.
    expect(result).toBeNull();
    expect(statements).toHaveLength(3);
    expect(await introduced(viewer)).toEqual([]);
  });

  it('is two statements for a viewer with a place and for one without: the row, then the walk with the card and its introduction', async () => {
    // Ages no earlier test's members can meet: each walk finds only this round's.
    for (const [placeId, age] of [
      [994_001, 16],
      [null, 30],
    ] as const) {
      const viewer = await createMember(em(), { age, placeId });
      const older = await createMember(em(), { age, placeId, activeAt: new Date(Date.now() - 2 * HOUR) });
      const newer = await createMember(em(), { age, placeId, activeAt: new Date(Date.now() - HOUR) });
      const first = await next(viewer);
      expect(first.result).toMatchObject({ userId: String(newer), age });
      expect(first.statements).toHaveLength(2);
      expect(first.statements[1]).toMatch(/"feed_cursors".*insert into "introductions".*"photos"/s);
      // The viewer's sex and search settings come with their row: the walk does not read that row again.
      expect(first.statements[0]).toMatch(/select "birth_date", .*"search_looking_for" from "profiles"/);
      expect(first.statements[1]).not.toMatch(/"profiles" as "v"/);
      expect(await introduced(viewer)).toEqual([newer]);
      await swipe(em(), bus, { fromId: viewer, toId: newer, kind: 'DISLIKE' });
      // The socket's next card, with the facts its first one was found with: the walk alone, checking them itself.
      const second = await next(viewer, false, first.viewer);
      expect(second.result).toMatchObject({ userId: String(older) });
      expect(second.statements).toHaveLength(1);
      expect(second.statements[0]).toMatch(/"profiles" as "vw" where "vw"."user_telegram_id" = \$\d+ .*"feed_cursors"/s);
      expect((await introduced(viewer)).sort()).toEqual([older, newer].sort());
    }
  });

  it('offers someone who liked the viewer first when asked, introduced in the same statement', async () => {
    // Adults, as the last round's: the liker is the least recently active of them all, yet offered first.
    const viewer = await createMember(em(), { age: 25 });
    const liker = await createMember(em(), { age: 25, activeAt: new Date(Date.now() - 5 * HOUR) });
    await introduceBothWays(em(), liker, viewer);
    await swipe(em(), bus, { fromId: liker, toId: viewer, kind: 'LIKE' });
    const { result, statements } = await next(viewer, true);
    expect(result).toMatchObject({ userId: String(liker) });
    expect(statements).toHaveLength(2);
    expect(await introduced(viewer)).toEqual([liker]);
  });
});
