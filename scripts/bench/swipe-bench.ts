// A swipe as a user makes it on ch:'explore' (next, then like), on this tree and on the code before introductions
// (BENCH_SWIPE_BASE, a git ref), each API process on its own database of the same server, interleaved.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { dropDatabase, ensureDatabase, withDatabase } from '../../platform/postgres/databases';
import { sqlOf } from '../../db/kysely';
import { closeOrm, openOrm } from '../../db/orm';
import { ensurePlaces } from '../../db/places/ensure-places';
import { openBenchSocket, type Envelope } from '../chat-load/bench-socket';
import { createBenchDatabase } from './bench-database';
import { benchRow, type BenchRow } from './bench-row';
import { spawnReady } from './ready-process';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** The last commit before introductions (issue #36). */
const BASE = process.env.BENCH_SWIPE_BASE ?? '6c28d34';
const VIEWERS = 8;
// Each viewer stays under the likes limit (60 a minute).
const SWIPES_PER_VIEWER = 45;
const WARMUP = 5;
const CANDIDATES = 2 * SWIPES_PER_VIEWER;
const FIRST_ID = 7_000_000_000;

interface Side {
  name: string;
  url: string;
  samples: number[];
  kill(): Promise<void>;
}

/** The base tree, checked out beside this one with this one's packages (the same lockfile before and after). */
function checkOutBase(): { dir: string; remove(): void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'swipe-base-'));
  rmSync(dir, { recursive: true });
  execFileSync('git', ['worktree', 'add', '--detach', dir, BASE], { cwd: ROOT, stdio: 'ignore' });
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  return { dir, remove: () => execFileSync('git', ['worktree', 'remove', '--force', dir], { cwd: ROOT, stdio: 'ignore' }) };
}

async function startApi(name: string, root: string, databaseUrl: string, port: number): Promise<Side> {
  const storageDir = mkdtempSync(path.join(os.tmpdir(), `swipe-${name}-`));
  const entry = path.join(root, 'scripts/chat-load/api-main.ts');
  const { match, kill } = await spawnReady([path.join(root, 'scripts/start.mjs'), entry], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), STORAGE_DIR: storageDir, SCREENING: 'off', LOG_LEVEL: 'error' },
    ready: /READY (\S+)/,
  });
  return { name, url: match[1]!.replace(/^http/, 'ws'), samples: [], kill: () => kill('SIGTERM') };
}

/** Viewers and the people their feed offers: 16 years old, one city, everyone's 'Кого показывать' is 'все'. */
async function seed(databaseUrl: string): Promise<void> {
  const orm = await openOrm({ clientUrl: databaseUrl, poolMax: 2 });
  try {
    await ensurePlaces(orm.em.fork());
    const db = sqlOf(orm.em.fork());
    const last = FIRST_ID + VIEWERS + CANDIDATES - 1;
    await sql`INSERT INTO users (telegram_id, first_name, created_at) SELECT g, 'Bench', now() FROM generate_series(${FIRST_ID}::bigint, ${last}::bigint) g`.execute(
      db,
    );
    await sql`INSERT INTO profiles (user_telegram_id, display_name, birth_date, city, place_id, sex, gender, search_show, initial_moderation_status, description_moderation_status, created_at, updated_at, active_at)
      SELECT g, 'Bench', current_date - interval '16 years 100 days', pl.name, pl.id, CASE WHEN g % 2 = 0 THEN 'MALE' ELSE 'FEMALE' END, 'QUEER', 'ALL', 'APPROVED', 'APPROVED', now(), now(), now() - (g - ${FIRST_ID}) * interval '1 second'
      FROM generate_series(${FIRST_ID}::bigint, ${last}::bigint) g CROSS JOIN (SELECT id, name FROM places ORDER BY id LIMIT 1) pl`.execute(
      db,
    );
    await sql`VACUUM (ANALYZE) users, profiles`.execute(db);
  } finally {
    await closeOrm(orm, true);
  }
}

/** One socket per viewer per side; `ask` sends one envelope and resolves with the answer to its cid. */
async function viewerSocket(side: Side, viewer: number) {
  const waiting = new Map<string, (m: Envelope) => void>();
  const ws = await openBenchSocket(`${side.url}/ws/likes`, viewer, (m) => m.cid && waiting.get(m.cid)?.(m));
  let n = 0;
  const ask = (ch: string, t: string, data: Record<string, unknown>) =>
    new Promise<Envelope>((resolve) => {
      const cid = `s${++n}`;
      waiting.set(cid, resolve);
      ws.send(JSON.stringify({ ch, t, cid, data }));
    });
  return { ask, close: () => ws.close() };
}

/** next, then like the card shown: the time a user waits between two cards. */
async function swipeOnce(socket: Awaited<ReturnType<typeof viewerSocket>>): Promise<number> {
  const started = performance.now();
  const card = await socket.ask('explore', 'next', {});
  const target = (card.data as { userId?: string } | null)?.userId;
  if (card.t !== 'profile' || !target) throw new Error(`no card to swipe: ${JSON.stringify(card)}`);
  const ack = await socket.ask('explore', 'like', { targetUserId: target });
  if (ack.t !== 'ack') throw new Error(`the like was refused: ${JSON.stringify(ack)}`);
  return performance.now() - started;
}

const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.ceil(0.95 * xs.length) - 1]!;

export async function runSwipeBench(): Promise<BenchRow[]> {
  const base = checkOutBase();
  const database = await createBenchDatabase(`bench_swipe_${Date.now().toString(36)}`);
  const baseUrl = withDatabase(database.url, `${new URL(database.url).pathname.slice(1)}_base`);
  const sides: Side[] = [];
  try {
    await ensureDatabase(baseUrl);
    sides.push(await startApi('now', ROOT, database.url, 0), await startApi('base', base.dir, baseUrl, 0));
    await Promise.all([seed(database.url), seed(baseUrl)]);
    for (let v = 0; v < VIEWERS; v++) {
      const sockets = await Promise.all(sides.map((side) => viewerSocket(side, FIRST_ID + v)));
      for (let i = 0; i < SWIPES_PER_VIEWER; i++) {
        // Each side first in turn, so that neither always meets the other's leftovers.
        for (const s of i % 2 ? [1, 0] : [0, 1]) {
          const took = await swipeOnce(sockets[s]!);
          if (i >= WARMUP) sides[s]!.samples.push(took);
        }
      }
      sockets.forEach((s) => s.close());
    }
    const [now, before] = [p95(sides[0]!.samples), p95(sides[1]!.samples)];
    console.log(
      `swipe p95: ${now.toFixed(2)} ms with introductions, ${before.toFixed(2)} ms at ${BASE} (${sides[0]!.samples.length} swipes each)`,
    );
    return [
      benchRow({
        name: `swipe p95 (explore next + like), introductions vs ${BASE}`,
        figure: now,
        baseline: before,
        unit: 'ms',
        maxRatio: 1.2,
      }),
    ];
  } finally {
    await Promise.all(sides.map((side) => side.kill()));
    await dropDatabase(database.url, new URL(baseUrl).pathname.slice(1)).catch(() => undefined);
    await database.dispose();
    base.remove();
  }
}
