// Every benchmark in one run and one table (figure | same-run baseline | ratio | target | verdict); exit 1 on any FAIL.
// BENCH_SKIP=feed,chat leaves groups out (feed seeds 1M profiles and 20M likes, the longest by far; BENCH_FEED_USERS scales it); BENCH_ONLY=api runs just those.
// A group's name before its dash selects the family: BENCH_ONLY=capacity runs capacity-sockets, -inbound and -persisted.
import { runApiBench } from './api-load/api-bench';
import { runUploadLatencyBench } from './api-load/upload-latency';
import { failedRow, printRows, type BenchRow } from './bench/bench-row';
import { runBundleBench } from './bench/bundle-bench';
import { feedRows, runFeedBench } from './bench/feed-bench';
import { runLcpBench } from './bench/lcp-bench';
import { runImageBench } from './bench/image-bench';
import { runScreeningBench } from './bench/screening-bench';
import { runFaceCheckBench } from './bench/face-check-screening-bench';
import { runStartupBench } from './bench/startup-bench';
import { runSwipeBench } from './bench/swipe-bench';
import { runChatBench } from './chat-load/chat-bench';
import { runIdleSocketsBench } from './capacity/idle-sockets';
import { runInboundBench } from './capacity/inbound-messages';
import { runPersistedBench } from './capacity/persisted-capacity';

const GROUPS: Record<string, () => Promise<BenchRow[]>> = {
  bundle: runBundleBench,
  startup: runStartupBench,
  lcp: runLcpBench,
  api: runApiBench,
  image: async () => [
    ...(await runImageBench()),
    ...(await runScreeningBench()),
    ...(await runFaceCheckBench()),
    ...(await runUploadLatencyBench()),
  ],
  chat: runChatBench,
  'capacity-sockets': runIdleSocketsBench,
  'capacity-inbound': runInboundBench,
  'capacity-persisted': runPersistedBench,
  swipe: runSwipeBench,
  feed: async () => feedRows(await runFeedBench()),
};

const list = (name: string) =>
  new Set(
    (process.env[name] ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );

async function main(): Promise<boolean> {
  const [skip, only] = [list('BENCH_SKIP'), list('BENCH_ONLY')];
  const rows: BenchRow[] = [];
  for (const [group, run] of Object.entries(GROUPS)) {
    const named = (set: Set<string>) => set.has(group) || set.has(group.split('-')[0]!);
    if (named(skip) || (only.size > 0 && !named(only))) continue;
    const started = performance.now();
    console.log(`\n== ${group}`);
    try {
      rows.push(...(await run()));
    } catch (err) {
      console.error(`${group} failed:`, err);
      rows.push(failedRow(`${group}: did not complete`, 'ms', '—'));
    }
    console.log(`== ${group} done in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
  console.log('');
  return printRows(rows);
}

// Explicit: exit 1 on any FAIL, whatever handles are left open.
process.exit((await main()) ? 0 : 1);
