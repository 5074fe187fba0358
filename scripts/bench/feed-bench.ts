// Feed latency at scale: seeds 1M profiles and 20M likes, then compares the explore feed with and without the already-seen exclusion.
import { ensurePlaces } from '../../db/places/ensure-places';
import { migrate, closeOrm, openOrm, type Orm } from '../../db/orm';
import { createBenchDatabase } from './bench-database';
import { benchRow, type BenchRow } from './bench-row';
import { step } from './bulk-load';
import { MAX_P95_MS, MAX_RATIO, timeFeedCase, type CaseResult } from './feed-timing';
import { seedPopulation } from './seed-population';
import { seedViewers, type BenchViewer, type ViewerSpec } from './seed-viewers';

const FEED_USERS = Number(process.env.BENCH_FEED_USERS ?? 1_000_000);
const FEED_LIKES_PER_USER = 20;
export const FEED_WARMUP = 30;
export const FEED_RUNS = 300;

const VIEWERS: ViewerSpec[] = [
  { label: '1k given, near', given: 1_000, seen: 'near' },
  { label: '10k given, near', given: 10_000, seen: 'near' },
  { label: '1k given, city head', given: 1_000, seen: 'city-head' },
  { label: '10k given, city head', given: 10_000, seen: 'city-head' },
];

async function measure(orm: Orm, viewers: readonly BenchViewer[]): Promise<CaseResult[]> {
  const results: CaseResult[] = [];
  for (const viewer of viewers) {
    for (const preferLikedMe of [false, true]) {
      const label = `${viewer.label}${preferLikedMe ? ', liked-me' : ''}`;
      results.push(await step(`measured ${label}`, () => timeFeedCase(orm, { label, viewer, preferLikedMe }, FEED_WARMUP, FEED_RUNS)));
    }
  }
  return results;
}

/** Seeds a throw-away database and times every viewer case (progress on stdout). */
export async function runFeedBench(): Promise<CaseResult[]> {
  const db = await createBenchDatabase(`bench_feed_${Date.now().toString(36)}`);
  let orm: Orm | undefined;
  try {
    orm = await openOrm({ clientUrl: db.url, poolMax: 2 });
    await step('migrated', () => migrate(orm!));
    await step('places loaded', () => ensurePlaces(orm!.em.fork()));
    await step(`seeded ${FEED_USERS.toLocaleString('en')} users and ${(FEED_USERS * FEED_LIKES_PER_USER).toLocaleString('en')} likes`, () =>
      seedPopulation(orm!, { users: FEED_USERS, likesPerUser: FEED_LIKES_PER_USER }),
    );
    const viewers = await step('seeded viewers', () => seedViewers(orm!, VIEWERS));
    return await measure(orm, viewers);
  } finally {
    if (orm) await closeOrm(orm, true);
    await db.dispose();
  }
}

/** One row per case: p95 with the exclusion beside the same query without it. */
export function feedRows(results: readonly CaseResult[]): BenchRow[] {
  return results.map((r) =>
    benchRow({
      name: `feed p95, ${r.label}`,
      figure: r.excluded.p95,
      baseline: r.baseline.p95,
      unit: 'ms',
      maxRatio: MAX_RATIO,
      maxFigure: MAX_P95_MS,
    }),
  );
}
