// Simulated users on one API process (`npm run load:users`): each runs app-user.ts's session (open the app, 20 swipes,
// 10 chat messages over the socket, one profile photo) in a loop with a person's pauses, and the number of concurrent
// users grows step by step (USERS_STEPS, default 25,50,100,200,400,800,1200,1600) until the p99 of the interactive
// actions (all but the upload) passes 100 ms (USERS_ALL_STEPS=1: every step anyway). Per step: actions/s, p99 per
// action, the uploads refused (503 screening queue full, 429), the CPU of the API process, its encoder and screening
// children and PostgreSQL, and of the machine, the API's and PostgreSQL's CPU per action, and the API's RSS at the
// step's end; then the baseline: the interactive actions' statements replayed straight against PostgreSQL
// (action-statements.ts). PostgreSQL is reached over its Unix socket. Env: STEP_S (30), RAMP_S (5: the unmeasured start
// of a step), THINK_MS ("1000-3000"), POOL_MAX (10), LOAD_DB=tcp (PostgreSQL over loopback TCP instead),
// LOAD_STATEMENTS=1 (each step's statement families per action, from pg_stat_statements, planning included).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { freePort } from '../../platform/postgres/embedded-postgres';
import { createBenchDatabase } from '../bench/bench-database';
import { samplePhoto } from '../bench/sample-photo';
import { percentile } from '../chat-load/stats';
import { seedPairs } from '../chat-load/seed-pairs';
import { captureActions, replayActions } from './action-statements';
import { seedLoadPopulation } from './load-population';
import { runSession, type Action, type Timing } from './app-user';
import { busyShare, machineCpu } from './machine-cpu';
import { processRssMb } from '../bench/process-memory';
import { cpuOf, descendants, postgresCpuMicros } from './process-tree';
import { printStepTable, type StepRow } from './users-table';
import { spawnServer } from './server-process';
import { difference, formatFamilies, perAction as familiesPerAction, STATEMENT_STATS_SETTINGS, StatementStats } from './statement-stats';

const STEPS = (process.env.USERS_STEPS ?? '25,50,100,200,400,800,1200,1600').split(',').map(Number);
const STEP_S = Number(process.env.STEP_S ?? 30);
const RAMP_S = Number(process.env.RAMP_S ?? 5);
const POOL_MAX = process.env.POOL_MAX ?? '10';
const [THINK_MIN, THINK_MAX] = (process.env.THINK_MS ?? '1000-3000').split('-').map(Number) as [number, number];
const P99_LIMIT_MS = 100;
const BASELINE_USERS = 20;
const ACTIONS: Action[] = ['open', 'next', 'swipe', 'send', 'upload'];

// PostgreSQL on this machine is reached over its Unix socket (LOAD_DB=tcp: over loopback TCP, as before).
const STATEMENTS = process.env.LOAD_STATEMENTS === '1';
const db = await createBenchDatabase(`load_users_${Date.now().toString(36)}`, {
  unix_socket_directories: os.tmpdir(),
  ...(STATEMENTS ? STATEMENT_STATS_SETTINGS : {}),
});
const dbUrl = process.env.LOAD_DB === 'tcp' ? db.url : `${db.url}?host=${encodeURIComponent(os.tmpdir())}`;
const storageDir = mkdtempSync(path.join(os.tmpdir(), 'load-users-storage-'));
const maxUsers = Math.max(...STEPS);
const pairs = await seedPairs(dbUrl, Math.ceil(maxUsers / 2));
// LOAD_POPULATION: approved profiles in the users' age band around them (the feed's real work).
const population = await seedLoadPopulation(dbUrl, pairs, Number(process.env.LOAD_POPULATION ?? 100_000));
console.log(
  `population: ${population.profiles.toLocaleString('en')} profiles, ${population.inBandAround.toLocaleString('en')} approved in the users' age band around them; seeded in ${population.seconds.toFixed(0)} s`,
);
const users = pairs.flatMap((p) => [
  { id: p.a, chatId: p.chatId },
  { id: p.b, chatId: p.chatId },
]);
// The baseline's statements, captured before the load from a few of its users (each one card, one swipe, one send).
const captured = (await Promise.all(pairs.slice(0, BASELINE_USERS).map((p) => captureActions(dbUrl, p)))).filter((c) => c !== null);
const api = await spawnServer('api', {
  DATABASE_URL: dbUrl,
  PORT: String(await freePort()),
  STORAGE_DIR: storageDir,
  POOL_MAX,
  NOTIFY_JOBS: '1',
});
// What the mini app uploads: the photo downscaled to 1080 px and re-encoded as JPEG 0.82 (webapp/lib/images/compress-image.ts).
const photoBytes = await sharp(await samplePhoto())
  .resize(1080, 1080, { fit: 'inside' })
  .jpeg({ quality: 82 })
  .toBuffer();
const photo = new Blob([new Uint8Array(photoBytes)], { type: 'image/jpeg' });
console.log(
  `load: ${os.cpus().length} CPUs (${os.cpus()[0]?.model}), photo ${(photoBytes.length / 1024).toFixed(0)} kB, steps ${STEPS.join(', ')}, ` +
    `${STEP_S} s each after ${RAMP_S} s, pool ${POOL_MAX}, PostgreSQL over ${process.env.LOAD_DB === 'tcp' ? 'TCP' : 'its Unix socket'}`,
);

let timings: Timing[] = [];
let running = 0;
let target = 0;
const loops: Promise<void>[] = [];
const startUser = (i: number) =>
  loops.push(
    (async () => {
      // Spread the arrivals so sessions are at every stage at once.
      await new Promise((r) => setTimeout(r, Math.random() * 5000));
      while (i < target) {
        await runSession(
          api.url,
          users[i]!,
          { swipes: 20, messages: 10, thinkMs: [THINK_MIN, THINK_MAX] },
          photo,
          (t) => timings.push(t),
          () => i < target,
        ).catch(() => undefined);
      }
    })(),
  );
const rows: StepRow[] = [];
const stats = STATEMENTS ? await StatementStats.open(dbUrl) : null;
try {
  for (const step of STEPS) {
    target = step;
    for (; running < step; running++) startUser(running);
    // The first seconds of a step are its ramp: measured from here on.
    await new Promise((r) => setTimeout(r, RAMP_S * 1000));
    timings = [];
    const encoders = descendants(api.pid);
    const before = {
      api: cpuOf([api.pid]),
      enc: cpuOf(encoders),
      pg: postgresCpuMicros(process.pid),
      machine: machineCpu(),
      at: performance.now(),
      statements: await stats?.snapshot(),
      sessions: await stats?.sessions(),
    };
    await new Promise((r) => setTimeout(r, STEP_S * 1000));
    const secs = (performance.now() - before.at) / 1000;
    const taken = timings;
    const share = (micros: number) => micros / (secs * 1e6);
    const perAction = new Map(
      ACTIONS.map((a) => {
        const of = taken.filter((t) => t.action === a);
        return [
          a,
          {
            n: of.length,
            p99: percentile(
              of.map((t) => t.ms),
              99,
            ),
            errors: of.filter((t) => !t.ok).length,
          },
        ] as const;
      }),
    );
    const interactive = taken.filter((t) => t.action !== 'upload');
    const [apiCpu, postgresCpu] = [cpuOf([api.pid]) - before.api, postgresCpuMicros(process.pid) - before.pg];
    const row: StepRow = {
      users: step,
      actionsPerS: taken.length / secs,
      p99: percentile(
        interactive.map((t) => t.ms),
        99,
      ),
      perAction,
      uploadsRefused: taken.filter((t) => t.action === 'upload' && (t.status === 503 || t.status === 429)).length,
      apiCpu: share(apiCpu),
      encoderCpu: share(cpuOf(descendants(api.pid)) - before.enc),
      postgresCpu: share(postgresCpu),
      machine: busyShare(before.machine, machineCpu()),
      apiMsPerAction: apiCpu / 1000 / taken.length,
      postgresMsPerAction: postgresCpu / 1000 / taken.length,
      apiRssMb: processRssMb(api.pid) ?? NaN,
    };
    rows.push(row);
    console.log(
      `${step} users: ${row.actionsPerS.toFixed(1)} actions/s, p99 ${row.p99.toFixed(1)} ms (interactive); ` +
        ACTIONS.map(
          (a) =>
            `${a} ${perAction.get(a)!.n} p99 ${perAction.get(a)!.p99.toFixed(1)} ms${perAction.get(a)!.errors ? ` (${perAction.get(a)!.errors} failed)` : ''}`,
        ).join(', ') +
        `; uploads refused ${row.uploadsRefused}` +
        `; CPU: API ${(row.apiCpu * 100).toFixed(0)} %, encoders ${(row.encoderCpu * 100).toFixed(0)} %, PostgreSQL ${(row.postgresCpu * 100).toFixed(0)} %, machine ${(row.machine * 200).toFixed(0)} % of 200 %` +
        `; per action: API ${row.apiMsPerAction.toFixed(2)} ms, PostgreSQL ${row.postgresMsPerAction.toFixed(2)} ms CPU; API RSS ${row.apiRssMb.toFixed(0)} MB`,
    );
    if (stats && before.statements) {
      const work = difference(before.statements, await stats.snapshot());
      const sessions = (await stats.sessions()) - (before.sessions ?? 0);
      console.log(`${step} users: ${sessions} connections made to PostgreSQL during the step`);
      console.log(formatFamilies(familiesPerAction(`${step} users`, taken.length, work), 25));
    }
    if (row.p99 > P99_LIMIT_MS && process.env.USERS_ALL_STEPS !== '1') break;
  }
} finally {
  target = 0;
  await Promise.race([Promise.all(loops), new Promise((r) => setTimeout(r, 20_000))]);
  if (rows.length > 0 && captured.length > 0) await printBaseline(rows);
  await api.kill();
  await stats?.close();
  await db.dispose();
  rmSync(storageDir, { recursive: true, force: true });
}
printStepTable(rows);

/** PostgreSQL's own limit for the interactive actions' statements, beside what the API reached at its best step. */
async function printBaseline(steps: readonly StepRow[]) {
  const cpu0 = postgresCpuMicros(process.pid);
  const base = await replayActions(dbUrl, captured, Number(POOL_MAX), 20_000);
  const pgMs = (postgresCpuMicros(process.pid) - cpu0) / 1000 / base.actions;
  const interactivePerS = (r: StepRow) =>
    (['next', 'swipe', 'send'] as const).reduce((sum, a) => sum + (r.perAction.get(a)?.n ?? 0), 0) / STEP_S;
  const best = steps.reduce((a, b) => (interactivePerS(b) > interactivePerS(a) ? b : a));
  console.log(
    `\nbaseline: the same statements replayed straight against PostgreSQL (cards, swipes, sends 2:2:1, ${POOL_MAX} connections, ` +
      `${captured.length} users' captured statements): ${base.actionsPerS.toFixed(0)} actions/s at ${pgMs.toFixed(2)} ms of PostgreSQL CPU per action; ` +
      `the API reached ${interactivePerS(best).toFixed(0)} of them/s (${best.users} users, ${best.postgresMsPerAction.toFixed(2)} ms per action of every kind): ` +
      `${(interactivePerS(best) / base.actionsPerS).toFixed(2)}× the database's own limit`,
  );
}
const served = rows.filter((r) => r.p99 <= P99_LIMIT_MS).at(-1);
console.log(`\nserved at p99 ≤ ${P99_LIMIT_MS} ms: ${served ? `${served.users} concurrent users` : 'none of the steps'}`);
process.exit(0);
