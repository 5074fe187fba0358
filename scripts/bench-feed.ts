// Feed latency at scale (see scripts/bench/feed-bench.ts): the per-viewer table with p50s, exit 1 on any FAIL.
import { FEED_RUNS, FEED_WARMUP, runFeedBench } from './bench/feed-bench';
import { printTable } from './bench/feed-timing';

async function main(): Promise<boolean> {
  const results = await runFeedBench();
  console.log(
    `\nexplore feed, ${FEED_RUNS} calls per column after ${FEED_WARMUP} warm-up (excl = without already-seen profiles, base = same query without that rule)`,
  );
  return printTable(results);
}

// Explicit: exit 1 on any FAIL, whatever handles are left open.
process.exit((await main()) ? 0 : 1);
