// API throughput: an authenticated JSON endpoint against a bare Koa hello-world, and a database endpoint against
// bare Koa + `SELECT 1` through pg, all in child processes started as `npm start` starts the server (scripts/start.mjs:
// an esbuild bundle) and loaded by autocannon in this one, in alternating rounds. The servers run on a CPU of their
// own and the load on the others (bench/cpu-pinning.ts).
import { fileURLToPath } from 'node:url';
import { benchRow, type BenchRow } from '../bench/bench-row';
import { percentile } from '../chat-load/stats';
import { pinServers } from '../bench/cpu-pinning';
import { spawnReady, type ReadyProcess } from '../bench/ready-process';
import { START } from '../chat-load/api-process';
import { POOL_MAX, withApiEnvironment } from './api-environment';
import { launchHeaders, requestsPerSecond, type LoadRequest } from './load';

const BASELINE_ENTRY = fileURLToPath(new URL('./baseline-main.ts', import.meta.url));
const USERS = 200;
const CONNECTIONS = 10;
const DURATION_S = Number(process.env.BENCH_API_SECONDS ?? 3);
const ROUNDS = 5;

const spawnBaseline = (kind: 'hello' | 'select1', databaseUrl: string) =>
  spawnReady([START, BASELINE_ENTRY], { env: { ...process.env, BASELINE: kind, DATABASE_URL: databaseUrl, POOL_MAX: String(POOL_MAX) }, ready: /READY (\S+)/ });

interface Target {
  url: string;
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
 * `ROUNDS` rounds after a warm-up of each side, each round the baseline then ours back to back; the row is the
 * median of each side. Adjacent runs see the same state of a shared machine, whose speed drifts by a third from
 * minute to minute here, so the rounds are printed too. Errors and non-2xx answers fail the row.
 */
async function compare(pair: Pair, headers: () => Record<string, string>): Promise<BenchRow> {
  const run = (t: Target, durationS: number) => requestsPerSecond(t.url, t.request, headers, { connections: CONNECTIONS, durationS });
  await run(pair.baseline, 2);
  await run(pair.ours, 2);
  const rounds: { ours: number; baseline: number }[] = [];
  let bad = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const baseline = await run(pair.baseline, DURATION_S);
    const ours = await run(pair.ours, DURATION_S);
    bad += ours.errors + ours.non2xx + baseline.errors + baseline.non2xx;
    rounds.push({ ours: ours.rps, baseline: baseline.rps });
  }
  console.log(`${pair.name}: rounds (ours/baseline req/s) ${rounds.map((r) => `${r.ours.toFixed(0)}/${r.baseline.toFixed(0)} ${(r.ours / r.baseline).toFixed(2)}×`).join(', ')}`);
  if (bad) console.log(`${pair.name}: ${bad} errors or non-2xx answers`);
  return benchRow({ name: pair.name, figure: median(rounds.map((r) => r.ours)), baseline: median(rounds.map((r) => r.baseline)), unit: 'req/s', minRatio: pair.minRatio, failed: bad > 0 });
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
        { name: 'API POST /api/telegram/validate vs Koa hello', ours: { url: env.apiUrl, request: { method: 'POST', path: '/api/telegram/validate' } }, baseline: { url: hello.match[1]!, request: { method: 'GET', path: '/' } }, minRatio: 0.6 },
        { name: 'API GET /api/profile/me vs Koa + SELECT 1', ours: { url: env.apiUrl, request: { method: 'GET', path: '/api/profile/me' } }, baseline: { url: select1.match[1]!, request: { method: 'GET', path: '/' } }, minRatio: 0.7 },
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
