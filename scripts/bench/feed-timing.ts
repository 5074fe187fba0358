import { sql } from 'kysely';
import type { Orm } from '../../db/orm';
import { nextFeedProfile, type FeedViewer } from '../../db/explore/feed.repository';
import { sqlOf } from '../../db/kysely';

export interface FeedCase {
  label: string;
  viewer: FeedViewer;
  preferLikedMe: boolean;
}

interface Timing {
  p50: number;
  p95: number;
  /** What the last call returned. */
  last: number | null;
}

export interface CaseResult {
  label: string;
  excluded: Timing;
  baseline: Timing;
}

const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? NaN;

/** Fails loudly when the exclusion let through someone the viewer already swiped (or found nobody); answers the id. */
async function checkUnseen(orm: Orm, c: FeedCase, id: number | null): Promise<number> {
  const seen =
    id === null
      ? undefined
      : await sqlOf(orm.em.fork())
          .selectFrom('likes')
          .select('to_id')
          .where('from_id', '=', c.viewer.telegramId)
          .where('to_id', '=', id)
          .executeTakeFirst();
  if (id === null || seen) throw new Error(`${c.label}: the feed returned ${id}, which is not an unseen profile`);
  return id;
}

/** What swipe() writes for a dislike: the like itself, and the answer to the other side's like, in one statement. */
async function swipeAway(orm: Orm, c: FeedCase, id: number | null): Promise<void> {
  const them = await checkUnseen(orm, c, id);
  const me = c.viewer.telegramId;
  await sqlOf(orm.em.fork())
    .with('l', (db) =>
      db
        .insertInto('likes')
        .values({ from_id: me, to_id: them, kind: 'DISLIKE', created_at: sql`now()` })
        .onConflict((oc) => oc.doNothing()),
    )
    .updateTable('likes')
    .set({ answered: true })
    .where('from_id', '=', them)
    .where('to_id', '=', me)
    .execute();
}

/**
 * Times `runs` feed calls with and without the seen-exclusion, interleaved so both see the same cache and load.
 * Like a user, the viewer swipes (dislikes) every profile the feed shows before asking for the next (not timed),
 * so each timed call has to move on past the profile just swiped. Liked-me cases do not swipe: they time the
 * pick of a pending liker (swiping the few seeded likers would turn them into the plain case after five calls).
 */
export async function timeFeedCase(orm: Orm, c: FeedCase, warmup: number, runs: number): Promise<CaseResult> {
  const samples = { excluded: [] as number[], baseline: [] as number[] };
  const last: Record<keyof typeof samples, number | null> = { excluded: null, baseline: null };
  for (let i = 0; i < warmup + runs; i++) {
    for (const key of ['excluded', 'baseline'] as const) {
      const em = orm.em.fork();
      const started = performance.now();
      last[key] = await nextFeedProfile(em, c.viewer, { preferLikedMe: c.preferLikedMe, excludeSeen: key === 'excluded' });
      if (i >= warmup) samples[key].push(performance.now() - started);
    }
    if (!c.preferLikedMe) await swipeAway(orm, c, last.excluded);
    else await checkUnseen(orm, c, last.excluded);
  }
  const timing = (key: keyof typeof samples): Timing => {
    const sorted = samples[key].sort((a, b) => a - b);
    return { p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), last: last[key] };
  };
  return { label: c.label, excluded: timing('excluded'), baseline: timing('baseline') };
}

export const MAX_RATIO = 3;
export const MAX_P95_MS = 30;

/** Prints one row per case: p50/p95 with and without the exclusion, the p95 ratio and the verdict. */
export function printTable(results: readonly CaseResult[]): boolean {
  const ms = (v: number) => `${v.toFixed(2)} ms`.padStart(10);
  const head = [
    'viewer'.padEnd(28),
    'excl p50'.padStart(10),
    'excl p95'.padStart(10),
    'base p50'.padStart(10),
    'base p95'.padStart(10),
    'p95 ratio'.padStart(10),
    '  verdict',
  ];
  console.log(head.join(' '));
  let allPass = true;
  for (const r of results) {
    const ratio = r.excluded.p95 / r.baseline.p95;
    const pass = ratio <= MAX_RATIO && r.excluded.p95 <= MAX_P95_MS;
    allPass &&= pass;
    console.log(
      [
        r.label.padEnd(28),
        ms(r.excluded.p50),
        ms(r.excluded.p95),
        ms(r.baseline.p50),
        ms(r.baseline.p95),
        `${ratio.toFixed(2)}×`.padStart(10),
        pass ? '  PASS' : '  FAIL',
      ].join(' '),
    );
  }
  console.log(`target: p95 with exclusion ≤ ${MAX_RATIO}× baseline p95 and ≤ ${MAX_P95_MS} ms`);
  return allPass;
}
