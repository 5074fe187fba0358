// Database work per action of `npm run load:users` (`npm run load:statements`): PostgreSQL's own counters
// (pg_stat_statements, planning included) read before and after each batch of actions, once the API has gone quiet.
// Per action: statements, PostgreSQL time, rows returned or changed, and shared buffer pages read, in total and per
// statement family, on a server that others have used for a while. The API runs in this process on a database seeded
// as the feed bench seeds it, at a smaller size, with the load's pairs (each with a chat) in its most populous place.
// Env: ACTION_PAIRS (20), ACTION_POPULATION (20000), ACTION_SWIPES (5), ACTION_MESSAGES (3); ACTION_QUERIES=1 also
// prints each statement's text.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { signLaunchData } from '../../bot/dev/sign-launch';
import { freePort } from '../../platform/postgres/embedded-postgres';
import { sqlOf } from '../../db/kysely';
import { closeOrm, openOrm } from '../../db/orm';
import { ensurePlaces } from '../../db/places/ensure-places';
import { createBenchDatabase } from '../bench/bench-database';
import { seedPopulation } from '../bench/seed-population';
import { LOAD_BOT_TOKEN } from '../chat-load/load-client';
import { startLoadApi } from '../chat-load/load-api';
import { seedPairs, type LoadPair } from '../chat-load/seed-pairs';
import { AppSocket } from './app-user';
import {
  accumulate,
  difference,
  formatFigures,
  perAction,
  STATEMENT_STATS_SETTINGS,
  StatementStats,
  type ActionFigures,
  type Snapshot,
} from './statement-stats';

const PAIRS = Number(process.env.ACTION_PAIRS ?? 20);
const POPULATION = Number(process.env.ACTION_POPULATION ?? 20_000);
const SWIPES = Number(process.env.ACTION_SWIPES ?? 5);
const MESSAGES = Number(process.env.ACTION_MESSAGES ?? 3);
/** Users of the app before the measured ones, each opening it, then asking for cards and sending. */
const WARM_PAIRS = 10;
const WARM_ROUNDS = 6;

/** What the mini app asks for as it opens (webapp/boot/boot.ts, its landing call and the counters). */
const OPEN_CALLS = [
  ['POST', '/api/telegram/validate'],
  ['GET', '/api/profile/me'],
  ['POST', '/api/profile/status'],
  ['GET', '/api/explore/first'],
  ['GET', '/api/messages/total-unread-count'],
  ['GET', '/api/likes/unread-count'],
] as const;
/** Each on its own for an open user (caches warm), and the load's chat list. */
const SINGLE_CALLS = [...OPEN_CALLS, ['GET', '/api/chat/me']] as const;

interface AppUser {
  id: number;
  chatId: number;
  initData: string;
  likes?: AppSocket;
  messages?: AppSocket;
}

const db = await createBenchDatabase(`load_statements_${Date.now().toString(36)}`, STATEMENT_STATS_SETTINGS);
const storageDir = mkdtempSync(path.join(os.tmpdir(), 'load-statements-storage-'));
const figures: ActionFigures[] = [];
try {
  const pairs = await seedPairs(db.url, PAIRS + WARM_PAIRS);
  const seedOrm = await openOrm({ clientUrl: db.url, poolMax: 2 });
  try {
    await ensurePlaces(seedOrm.em.fork());
    await seedPopulation(seedOrm, { users: POPULATION, likesPerUser: 20 });
    // The pairs live where most of the population does, so their feeds do real work.
    await sql`UPDATE profiles SET place_id = pl.id, city = pl.name
                FROM (SELECT id, name FROM places ORDER BY population DESC LIMIT 1) pl
               WHERE user_telegram_id >= ${pairs[0]!.a}`.execute(sqlOf(seedOrm.em.fork()));
  } finally {
    await closeOrm(seedOrm, true);
  }
  Object.assign(process.env, {
    DATABASE_URL: db.url,
    PORT: String(await freePort()),
    STORAGE_DIR: storageDir,
    POOL_MAX: '10',
    NOTIFY_JOBS: '1',
    SCREENING: 'off',
  });
  const api = await startLoadApi();
  const stats = await StatementStats.open(db.url);
  const appUsers = (some: LoadPair[]): AppUser[] =>
    some.flatMap((p) =>
      [p.a, p.b].map((id) => ({ id, chatId: p.chatId, initData: signLaunchData({ id, first_name: 'Нагрузка' }, LOAD_BOT_TOKEN) })),
    );
  const warm = appUsers(pairs.slice(0, WARM_PAIRS));
  const users = appUsers(pairs.slice(WARM_PAIRS));
  const call = async (user: AppUser, [method, url]: readonly [string, string]) => {
    const res = await fetch(`${api.url}${url}`, {
      method,
      headers: { authorization: `tma ${user.initData}`, ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) },
      ...(method === 'POST' ? { body: '{}' } : {}),
    });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status}`);
  };
  /** Runs one batch of actions (all at once) and adds its database work to `action`'s. */
  const buckets = new Map<string, { count: number; work: Snapshot }>();
  const measure = async (action: string, batch: () => Promise<number>) => {
    const before = await stats.settled();
    const count = await batch();
    const work = difference(before, await stats.settled());
    const bucket = buckets.get(action) ?? { count: 0, work: new Map() };
    bucket.count += count;
    accumulate(bucket.work, work);
    buckets.set(action, bucket);
  };
  const wsBase = api.url.replace('http', 'ws');
  const openApp = async (u: AppUser) => {
    await Promise.all(OPEN_CALLS.map((c) => call(u, c)));
    [u.likes, u.messages] = await Promise.all([
      AppSocket.open(`${wsBase}/ws/likes`, u.initData, 'hello'),
      AppSocket.open(`${wsBase}/ws/messages`, u.initData, 'presenceSnapshot'),
    ]);
  };
  try {
    // Not measured: other users use the app first, as on a server that has been up a while (its connections have
    // their catalog caches and prepared plans).
    await Promise.all(
      warm.map(async (u) => {
        await openApp(u);
        // Their chat open, as the measured users' sends have it (a send on an open chat is a statement of its own).
        await u.messages!.request('messages', 'subscribe', { chatId: String(u.chatId) });
        for (let i = 0; i < WARM_ROUNDS; i++) {
          // Opening again: every connection has run the open's statements more than the five times PostgreSQL plans
          // a prepared statement for its values before it may keep a generic plan.
          await Promise.all(SINGLE_CALLS.map((c) => call(u, c)));
          await u.likes!.request('explore', 'next', {});
          await u.messages!.request('messages', 'send', { chatId: String(u.chatId), text: 'разогрев', clientId: `w${u.id}-${i}` });
        }
      }),
    );
    await measure('open (all its calls and both sockets)', async () => {
      await Promise.all(users.map(openApp));
      return users.length;
    });
    for (const c of SINGLE_CALLS)
      await measure(`  ${c[0]} ${c[1]}`, async () => {
        await Promise.all(users.map((u) => call(u, c)));
        return users.length;
      });
    await measure('subscribe to the chat', async () => {
      await Promise.all(users.map((u) => u.messages!.request('messages', 'subscribe', { chatId: String(u.chatId) })));
      return users.length;
    });
    for (let i = 0; i < SWIPES; i++) {
      const targets = new Map<AppUser, string>();
      await measure('explore next', async () => {
        await Promise.all(
          users.map(async (u) => {
            const card = await u.likes!.request('explore', 'next', {});
            const target = (card.data as { userId?: string } | null)?.userId;
            if (target) targets.set(u, String(target));
          }),
        );
        return users.length;
      });
      await measure('explore like/dislike', async () => {
        await Promise.all(
          [...targets].map(([u, target], k) => u.likes!.request('explore', k % 3 === 0 ? 'like' : 'dislike', { targetUserId: target })),
        );
        return targets.size;
      });
    }
    for (let i = 0; i < MESSAGES; i++)
      await measure('chat send', async () => {
        await Promise.all(
          users.map((u) =>
            u.messages!.request('messages', 'send', { chatId: String(u.chatId), text: `сообщение ${i}`, clientId: `s${u.id}-${i}` }),
          ),
        );
        return users.length;
      });
  } finally {
    for (const u of [...warm, ...users]) [u.likes, u.messages].forEach((s) => s?.close());
    await stats.close();
    await api.close();
  }
  for (const [action, { count, work }] of buckets) {
    figures.push(perAction(action, count, work));
    // ACTION_QUERIES=1: each statement as PostgreSQL normalised it, to see what a family is.
    if (process.env.ACTION_QUERIES === '1')
      for (const w of work.values())
        console.log(
          `[${action.trim()}] ${(w.calls / count).toFixed(2)}× ${(w.ms / w.calls).toFixed(3)} ms: ${w.query.replace(/\s+/g, ' ')}`,
        );
  }
} finally {
  await db.dispose();
  rmSync(storageDir, { recursive: true, force: true });
}
console.log(`\n${PAIRS * 2} users, population ${POPULATION.toLocaleString('en')}; per action:\n`);
console.log(formatFigures(figures));
process.exit(0);
