// API throughput: an authenticated JSON endpoint against a bare Koa hello-world, and a database endpoint against
// bare Koa + `SELECT 1` through pg, all in child processes started as `npm start` starts the server (scripts/start.mjs:
// an esbuild bundle) and loaded by autocannon in this one, in pairs of short runs. The servers run on a CPU of
// their own and the load on the others (bench/cpu-pinning.ts).
import { fileURLToPath } from 'node:url';
import { benchRow, type BenchRow } from '../bench/bench-row';
import { percentile } from '../chat-load/stats';
import { pinServers } from '../bench/cpu-pinning';
import { processCpuMicros } from '../bench/process-cpu';
import { spawnReady, type ReadyProcess } from '../bench/ready-process';
import { START } from '../chat-load/api-process';
import { POOL_MAX, withApiEnvironment } from './api-environment';
import { launchHeaders, requestsPerSecond, type LoadRequest } from './load';

const BASELINE_ENTRY = fileURLToPath(new URL('./baseline-main.ts', import.meta.url));
const USERS = 200;
const CONNECTIONS = 10;
const SLICE_S = Number(process.env.BENCH_API_SECONDS ?? 1.5);
const PAIRS = 11;

const spawnBaseline = (kind: 'hello' | 'select1', databaseUrl: string) =>
  spawnReady([START, BASELINE_ENTRY], { env: { ...process.env, BASELINE: kind, DATABASE_URL: databaseUrl, POOL_MAX: String(POOL_MAX) }, ready: /READY (\S+)/ });

interface Target {
  url: string;
  /** The server's process, for its CPU time per request. */
  pid: number;
  request: LoadRequest;
}

interface Pair {
  name: string;
  ours: Target;
  baseline: Target;
  minRatio: number;
}

const median = (values: readonly number[]) => percentile(values, 50);

/**
 * `PAIRS` pairs of short runs after a warm-up of each side, the two runs of a pair back to back and each pair in the
 * other order from the last (baseline first, then ours first, …). The machine's speed here drifts by a third
 * from minute to minute and sometimes from second to second, so the row's ratio is the median of the pairs' own
 * ratios: a pair sees one state of the machine, and a pair that straddled a change is an outlier the median drops.
 * The figures beside it are each side's median; all pairs are printed. Errors and non-2xx answers fail the row.
 */
async function compare(pair: Pair, headers: () => Record<string, string>): Promise<BenchRow> {
  // Each side's server CPU time and requests over the pairs: a figure the load generator's own speed cannot cap.
  const cpu = new Map<Target, { micros: number; requests: number }>([[pair.ours, { micros: 0, requests: 0 }], [pair.baseline, { micros: 0, requests: 0 }]]);
  const measure = async (t: Target, durationS: number) => {
    const before = processCpuMicros(t.pid);
    const result = await requestsPerSecond(t.url, t.request, headers, { connections: CONNECTIONS, durationS });
    const used = cpu.get(t)!;
    used.micros += (processCpuMicros(t.pid) ?? NaN) - (before ?? NaN);
    used.requests += result.rps * durationS;
    return result;
  };
  const warmUp = (t: Target) => requestsPerSecond(t.url, t.request, headers, { connections: CONNECTIONS, durationS: 2 });
  await warmUp(pair.baseline);
  await warmUp(pair.ours);
  const pairs: { ours: number; baseline: number }[] = [];
  let bad = 0;
  for (let i = 0; i < PAIRS; i++) {
    const baselineFirst = i % 2 === 0;
    const first = await measure(baselineFirst ? pair.baseline : pair.ours, SLICE_S);
    const second = await measure(baselineFirst ? pair.ours : pair.baseline, SLICE_S);
    const [baseline, ours] = baselineFirst ? [first, second] : [second, first];
    bad += ours.errors + ours.non2xx + baseline.errors + baseline.non2xx;
    pairs.push({ ours: ours.rps, baseline: baseline.rps });
  }
  console.log(`${pair.name}: pairs (ours/baseline req/s) ${pairs.map((r) => `${r.ours.toFixed(0)}/${r.baseline.toFixed(0)} ${(r.ours / r.baseline).toFixed(2)}×`).join(', ')}`);
  const [ours, baseline] = [cpu.get(pair.ours)!, cpu.get(pair.baseline)!].map((c) => c.micros / c.requests) as [number, number];
  if (Number.isFinite(ours) && Number.isFinite(baseline)) {
    console.log(`${pair.name}: server CPU per request ${ours.toFixed(1)} µs ours, ${baseline.toFixed(1)} µs baseline (${(baseline / ours).toFixed(2)}×)`);
  }
  if (bad) console.log(`${pair.name}: ${bad} errors or non-2xx answers`);
  return benchRow({
    name: pair.name,
    figure: median(pairs.map((r) => r.ours)),
    baseline: median(pairs.map((r) => r.baseline)),
    ratio: median(pairs.map((r) => r.ours / r.baseline)),
    unit: 'req/s',
    minRatio: pair.minRatio,
    failed: bad > 0,
  });
}

export async function runApiBench(): Promise<BenchRow[]> {
  return withApiEnvironment('bench_api', USERS, async (env) => {
    const children: ReadyProcess[] = [];
    try {
      const hello = await spawnBaseline('hello', env.databaseUrl);
      children.push(hello);
      const select1 = await spawnBaseline('select1', env.databaseUrl);
      children.push(select1);
      const headers = launchHeaders(env.userIds);
      const pairs: Pair[] = [
        { name: 'API POST /api/telegram/validate vs Koa hello', ours: { url: env.apiUrl, pid: env.apiPid, request: { method: 'POST', path: '/api/telegram/validate' } }, baseline: { url: hello.match[1]!, pid: hello.pid, request: { method: 'GET', path: '/' } }, minRatio: 0.6 },
        { name: 'API GET /api/profile/me vs Koa + SELECT 1', ours: { url: env.apiUrl, pid: env.apiPid, request: { method: 'GET', path: '/api/profile/me' } }, baseline: { url: select1.match[1]!, pid: select1.pid, request: { method: 'GET', path: '/' } }, minRatio: 0.7 },
      ];
      const unpin = pinServers([env.apiPid, hello.pid, select1.pid]);
      try {
        const rows: BenchRow[] = [];
        for (const pair of pairs) rows.push(await compare(pair, headers));
        return rows;
      } finally {
        unpin();
      }
    } finally {
      for (const child of children) await child.kill('SIGTERM');
    }
  });
}
