// Simulated users on one API process (`npm run load:users`): each runs app-user.ts's session (open the app, 20 swipes,
// 10 chat messages over the socket, one profile photo) in a loop with a person's pauses, and the number of concurrent
// users grows step by step (USERS_STEPS, default 25,50,100,200,400,800,1200,1600) until the p99 of the interactive
// actions (all but the upload) passes 100 ms. Per step: actions/s, p99 per action, and the CPU of the API process, its
// encoder children and PostgreSQL, and of the machine. Env: STEP_S (30), THINK_MS ("1000-3000").
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { freePort } from '../../platform/postgres/embedded-postgres';
import { createBenchDatabase } from '../bench/bench-database';
import { samplePhoto } from '../bench/sample-photo';
import { percentile } from '../chat-load/stats';
import { seedPairs } from '../chat-load/seed-pairs';
import { seedLoadPopulation } from './load-population';
import { runSession, type Action, type Timing } from './app-user';
import { busyShare, machineCpu } from './machine-cpu';
import { cpuOf, descendants } from './process-tree';
import { spawnServer } from './server-process';

const STEPS = (process.env.USERS_STEPS ?? '25,50,100,200,400,800,1200,1600').split(',').map(Number);
const STEP_S = Number(process.env.STEP_S ?? 30);
const [THINK_MIN, THINK_MAX] = (process.env.THINK_MS ?? '1000-3000').split('-').map(Number) as [number, number];
const P99_LIMIT_MS = 100;
const ACTIONS: Action[] = ['open', 'next', 'swipe', 'send', 'upload'];

const db = await createBenchDatabase(`load_users_${Date.now().toString(36)}`);
const storageDir = mkdtempSync(path.join(os.tmpdir(), 'load-users-storage-'));
const maxUsers = Math.max(...STEPS);
const pairs = await seedPairs(db.url, Math.ceil(maxUsers / 2));
// LOAD_POPULATION: approved profiles in the users' age band around them (the feed's real work).
const population = await seedLoadPopulation(db.url, pairs, Number(process.env.LOAD_POPULATION ?? 100_000));
console.log(
  `population: ${population.profiles.toLocaleString('en')} profiles, ${population.inBandAround.toLocaleString('en')} approved in the users' age band around them; seeded in ${population.seconds.toFixed(0)} s`,
);
const users = pairs.flatMap((p) => [
  { id: p.a, chatId: p.chatId },
  { id: p.b, chatId: p.chatId },
]);
const api = await spawnServer('api', {
  DATABASE_URL: db.url,
  PORT: String(await freePort()),
  STORAGE_DIR: storageDir,
  POOL_MAX: '10',
  NOTIFY_JOBS: '1',
});
// What the mini app uploads: the photo downscaled to 1080 px and re-encoded as JPEG 0.82 (webapp/lib/images/compress-image.ts).
const photoBytes = await sharp(await samplePhoto())
  .resize(1080, 1080, { fit: 'inside' })
  .jpeg({ quality: 82 })
  .toBuffer();
const photo = new Blob([new Uint8Array(photoBytes)], { type: 'image/jpeg' });
console.log(
  `load: ${os.cpus().length} CPUs (${os.cpus()[0]?.model}), photo ${(photoBytes.length / 1024).toFixed(0)} kB, steps ${STEPS.join(', ')}, ${STEP_S} s each`,
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

interface StepRow {
  users: number;
  actionsPerS: number;
  p99: number;
  perAction: Map<Action, { n: number; p99: number; errors: number }>;
  apiCpu: number;
  encoderCpu: number;
  postgresCpu: number;
  machine: number;
}

const rows: StepRow[] = [];
try {
  for (const step of STEPS) {
    target = step;
    for (; running < step; running++) startUser(running);
    // The first seconds of a step are its ramp: measured from here on.
    await new Promise((r) => setTimeout(r, 5000));
    timings = [];
    const pgPids = descendants(process.pid, (c) => c.startsWith('postgres'));
    const encoders = descendants(api.pid);
    const before = { api: cpuOf([api.pid]), enc: cpuOf(encoders), pg: cpuOf(pgPids), machine: machineCpu(), at: performance.now() };
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
    const row: StepRow = {
      users: step,
      actionsPerS: taken.length / secs,
      p99: percentile(
        interactive.map((t) => t.ms),
        99,
      ),
      perAction,
      apiCpu: share(cpuOf([api.pid]) - before.api),
      encoderCpu: share(cpuOf(descendants(api.pid)) - before.enc),
      postgresCpu: share(cpuOf(pgPids) - before.pg),
      machine: busyShare(before.machine, machineCpu()),
    };
    rows.push(row);
    console.log(
      `${step} users: ${row.actionsPerS.toFixed(1)} actions/s, p99 ${row.p99.toFixed(1)} ms (interactive); ` +
        ACTIONS.map(
          (a) =>
            `${a} ${perAction.get(a)!.n} p99 ${perAction.get(a)!.p99.toFixed(1)} ms${perAction.get(a)!.errors ? ` (${perAction.get(a)!.errors} failed)` : ''}`,
        ).join(', ') +
        `; CPU: API ${(row.apiCpu * 100).toFixed(0)} %, encoders ${(row.encoderCpu * 100).toFixed(0)} %, PostgreSQL ${(row.postgresCpu * 100).toFixed(0)} %, machine ${(row.machine * 200).toFixed(0)} % of 200 %`,
    );
    if (row.p99 > P99_LIMIT_MS) break;
  }
} finally {
  target = 0;
  await Promise.race([Promise.all(loops), new Promise((r) => setTimeout(r, 20_000))]);
  await api.kill();
  await db.dispose();
  rmSync(storageDir, { recursive: true, force: true });
}
const served = rows.filter((r) => r.p99 <= P99_LIMIT_MS).at(-1);
console.log(`\nserved at p99 ≤ ${P99_LIMIT_MS} ms: ${served ? `${served.users} concurrent users` : 'none of the steps'}`);
process.exit(0);
