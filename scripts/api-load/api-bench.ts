// The API's targets: GET /api/profile/me p99 ≤ 20 ms and POST /api/telegram/validate p99 ≤ 10 ms at 1,000 requests a
// second (latency-rows.ts). For information only, closed-loop throughput against bare frameworks: the validate route
// against Koa + @koa/router + koa-body (and a bare Koa hello-world), profile/me against Koa + @koa/router + `SELECT 1`
// through pg, each with the server CPU per request. All servers run in child processes started as `npm start` starts
// the server (scripts/start.mjs: an esbuild bundle) and are loaded from this one; the servers run on a CPU of their
// own and the load on the others (bench/cpu-pinning.ts).
import { fileURLToPath } from 'node:url';
import { benchRow, type BenchRow } from '../bench/bench-row';
import { percentile } from '../chat-load/stats';
import { pinServers } from '../bench/cpu-pinning';
import { processCpuMicros } from '../bench/process-cpu';
import { spawnReady, type ReadyProcess } from '../bench/ready-process';
import { START } from '../chat-load/api-process';
import { POOL_MAX, withApiEnvironment } from './api-environment';
import { latencyRow } from './latency-rows';
import { bodyOf, launchHeaders, requestsPerSecond, type LoadRequest } from './load';

const BASELINE_ENTRY = fileURLToPath(new URL('./baseline-main.ts', import.meta.url));
const USERS = 200;
const CONNECTIONS = 10;
const SLICE_S = Number(process.env.BENCH_API_SECONDS ?? 1.5);
const PAIRS = 11;

const spawnBaseline = (kind: 'hello' | 'framework' | 'select1', env: Record<string, string>) =>
  spawnReady([START, BASELINE_ENTRY], {
    env: { ...process.env, ...env, BASELINE: kind, POOL_MAX: String(POOL_MAX) },
    ready: /READY (\S+)/,
  });

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
  /** A second baseline measured in the same rounds, its ratio printed as a row for information (no target). */
  info?: { name: string; baseline: Target };
}

const median = (values: readonly number[]) => percentile(values, 50);

/**
 * `PAIRS` rounds of short runs after a warm-up of each side, the runs of a round back to back and each round in
 * another order from the last (baseline first, then ours first, …; with an information baseline the three take
 * turns). The machine's speed here drifts by a third from minute to minute and sometimes from second to second, so
 * a row's ratio is the median of the rounds' own ratios: a round sees one state of the machine, and a round that
 * straddled a change is an outlier the median drops. The figures beside it are each side's median; all rounds are
 * printed. Errors and non-2xx answers fail the row.
 */
async function compare(pair: Pair, headers: () => Record<string, string>): Promise<BenchRow[]> {
  const sides = [pair.baseline, pair.ours, ...(pair.info ? [pair.info.baseline] : [])];
  // Each side's server CPU time and requests over the rounds: a figure the load generator's own speed cannot cap.
  const cpu = new Map<Target, { micros: number; requests: number }>(sides.map((t) => [t, { micros: 0, requests: 0 }]));
  const measure = async (t: Target, durationS: number) => {
    const before = processCpuMicros(t.pid);
    const result = await requestsPerSecond(t.url, t.request, headers, { connections: CONNECTIONS, durationS });
    const used = cpu.get(t)!;
    used.micros += (processCpuMicros(t.pid) ?? NaN) - (before ?? NaN);
    used.requests += result.rps * durationS;
    return result;
  };
  for (const t of sides) await requestsPerSecond(t.url, t.request, headers, { connections: CONNECTIONS, durationS: 2 });
  const rounds: Map<Target, number>[] = [];
  let bad = 0;
  for (let i = 0; i < PAIRS; i++) {
    const round = new Map<Target, number>();
    for (let k = 0; k < sides.length; k++) {
      const t = sides[(i + k) % sides.length]!;
      const result = await measure(t, SLICE_S);
      bad += result.errors + result.non2xx;
      round.set(t, result.rps);
    }
    rounds.push(round);
  }
  const cpuPerRequest = (t: Target) => cpu.get(t)!.micros / cpu.get(t)!.requests;
  const row = (name: string, baseline: Target) => {
    console.log(
      `${name}: rounds (ours/baseline req/s) ${rounds.map((r) => `${r.get(pair.ours)!.toFixed(0)}/${r.get(baseline)!.toFixed(0)} ${(r.get(pair.ours)! / r.get(baseline)!).toFixed(2)}×`).join(', ')}`,
    );
    const [ours, theirs] = [cpuPerRequest(pair.ours), cpuPerRequest(baseline)];
    const cpuText = `server CPU ${ours.toFixed(1)} µs/req ours, ${theirs.toFixed(1)} µs baseline`;
    console.log(`${name}: ${cpuText} (${(theirs / ours).toFixed(2)}×)`);
    // Information (issue 41 retired the ratio targets): no bound, the CPU per request beside it.
    return benchRow({
      name: `${name} (information; ${cpuText})`,
      figure: median(rounds.map((r) => r.get(pair.ours)!)),
      baseline: median(rounds.map((r) => r.get(baseline)!)),
      ratio: median(rounds.map((r) => r.get(pair.ours)! / r.get(baseline)!)),
      unit: 'req/s',
      failed: bad > 0,
    });
  };
  if (bad) console.log(`${pair.name}: ${bad} errors or non-2xx answers`);
  return [row(pair.name, pair.baseline), ...(pair.info ? [row(pair.info.name, pair.info.baseline)] : [])];
}

/** What our route answers (the framework baseline sends the same JSON). */
async function answerOf(url: string, request: LoadRequest, headers: () => Record<string, string>): Promise<string> {
  const { body, headers: bodyHeaders } = bodyOf(request) as { body?: string; headers: Record<string, string> };
  const res = await fetch(new URL(request.path, url), { method: request.method, body, headers: { ...bodyHeaders, ...headers() } });
  if (!res.ok) throw new Error(`${request.method} ${request.path} answered ${res.status}`);
  return res.text();
}

export async function runApiBench(): Promise<BenchRow[]> {
  return withApiEnvironment('bench_api', USERS, async (env) => {
    const children: ReadyProcess[] = [];
    try {
      const headers = launchHeaders(env.userIds);
      const validate: LoadRequest = { method: 'POST', path: '/api/telegram/validate' };
      const profileMe: LoadRequest = { method: 'GET', path: '/api/profile/me' };
      const hello = await spawnBaseline('hello', {});
      children.push(hello);
      const framework = await spawnBaseline('framework', { BASELINE_ANSWER: await answerOf(env.apiUrl, validate, headers) });
      children.push(framework);
      const select1 = await spawnBaseline('select1', { DATABASE_URL: env.databaseUrl });
      children.push(select1);
      const pairs: Pair[] = [
        {
          name: 'API POST /api/telegram/validate vs Koa + @koa/router + koa-body',
          ours: { url: env.apiUrl, pid: env.apiPid, request: validate },
          baseline: { url: framework.match[1]!, pid: framework.pid, request: validate },
          info: {
            name: 'API POST /api/telegram/validate vs bare Koa hello',
            baseline: { url: hello.match[1]!, pid: hello.pid, request: { method: 'GET', path: '/' } },
          },
        },
        {
          name: 'API GET /api/profile/me vs Koa + @koa/router + SELECT 1',
          ours: { url: env.apiUrl, pid: env.apiPid, request: profileMe },
          baseline: { url: select1.match[1]!, pid: select1.pid, request: profileMe },
        },
      ];
      const unpin = pinServers([env.apiPid, hello.pid, framework.pid, select1.pid]);
      try {
        const ours = { url: env.apiUrl, pid: env.apiPid };
        const rows: BenchRow[] = [
          await latencyRow({ name: 'API GET /api/profile/me', ...ours, request: profileMe, maxP99Ms: 20 }, headers),
          await latencyRow({ name: 'API POST /api/telegram/validate', ...ours, request: validate, maxP99Ms: 10 }, headers),
        ];
        if (process.env.BENCH_API_INFO !== 'false') for (const pair of pairs) rows.push(...(await compare(pair, headers)));
        return rows;
      } finally {
        unpin();
      }
    } finally {
      for (const child of children) await child.kill('SIGTERM');
    }
  });
}
