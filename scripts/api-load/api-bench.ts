// API throughput: an authenticated JSON endpoint against a bare Koa hello-world, and a database endpoint against
// bare Koa + `SELECT 1` through pg, all in child processes and loaded by autocannon in this one, in alternating rounds.
import { fileURLToPath } from 'node:url';
import { benchRow, type BenchRow } from '../bench/bench-row';
import { spawnReady, type ReadyProcess } from '../bench/ready-process';
import { POOL_MAX, withApiEnvironment } from './api-environment';
import { launchHeaders, requestsPerSecond, type LoadRequest } from './load';

const BASELINE_ENTRY = fileURLToPath(new URL('./baseline-main.ts', import.meta.url));
const USERS = 200;
const CONNECTIONS = 10;
const DURATION_S = Number(process.env.BENCH_API_SECONDS ?? 5);
const ROUNDS = 3;

const spawnBaseline = (kind: 'hello' | 'select1', databaseUrl: string) =>
  spawnReady(['--import', 'tsx', BASELINE_ENTRY], { env: { ...process.env, BASELINE: kind, DATABASE_URL: databaseUrl, POOL_MAX: String(POOL_MAX) }, ready: /READY (\S+)/ });

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

/** The best of `ROUNDS` alternating runs for each side, after a warm-up of each; errors and non-2xx answers fail the row. */
async function compare(pair: Pair, headers: () => Record<string, string>): Promise<BenchRow> {
  const run = (t: Target, durationS: number) => requestsPerSecond(t.url, t.request, headers, { connections: CONNECTIONS, durationS });
  await run(pair.baseline, 2);
  await run(pair.ours, 2);
  let best = { ours: 0, baseline: 0 };
  let bad = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const baseline = await run(pair.baseline, DURATION_S);
    const ours = await run(pair.ours, DURATION_S);
    bad += ours.errors + ours.non2xx + baseline.errors + baseline.non2xx;
    best = { ours: Math.max(best.ours, ours.rps), baseline: Math.max(best.baseline, baseline.rps) };
  }
  if (bad) console.log(`${pair.name}: ${bad} errors or non-2xx answers`);
  return benchRow({ name: pair.name, figure: best.ours, baseline: best.baseline, unit: 'req/s', minRatio: pair.minRatio, failed: bad > 0 });
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
      const rows: BenchRow[] = [];
      for (const pair of pairs) rows.push(await compare(pair, headers));
      return rows;
    } finally {
      for (const child of children) await child.kill('SIGTERM');
    }
  });
}
