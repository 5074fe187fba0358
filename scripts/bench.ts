// Every benchmark in one run and one table (figure | same-run baseline | ratio | target | verdict); exit 1 on any FAIL.
// BENCH_SKIP=feed,chat leaves groups out (feed seeds 1M profiles and 20M likes, the longest by far; BENCH_FEED_USERS scales it); BENCH_ONLY=api runs just those.
import { runApiBench } from './api-load/api-bench';
import { runUploadLatencyBench } from './api-load/upload-latency';
import { failedRow, printRows, type BenchRow } from './bench/bench-row';
import { runBundleBench } from './bench/bundle-bench';
import { feedRows, runFeedBench } from './bench/feed-bench';
import { runLcpBench } from './bench/lcp-bench';
import { runImageBench } from './bench/image-bench';
import { runScreeningBench } from './bench/screening-bench';
import { runStartupBench } from './bench/startup-bench';
import { runChatBench } from './chat-load/chat-bench';

const GROUPS: Record<string, () => Promise<BenchRow[]>> = {
  bundle: runBundleBench,
  startup: runStartupBench,
  lcp: runLcpBench,
  api: runApiBench,
  image: async () => [...(await runImageBench()), ...(await runScreeningBench()), ...(await runUploadLatencyBench())],
  chat: runChatBench,
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
    if (skip.has(group) || (only.size > 0 && !only.has(group))) continue;
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
