import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeTelegram, type FakeTelegram } from '../../bot/dev/fake-telegram';
import { TEST_BOT_TOKEN } from '../support/init-data';
import { parseSamples, total } from '../support/prometheus';
import { startAppProcess, startRedis, type AppProcess, type RedisServer } from '../support/processes';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// /healthz, /readyz and /metrics in each role, as a process manager and Prometheus reach them: ROLE=bot has no
// API, so it listens on PORT for these three alone.
const TOKEN = 'ops-endpoints-metrics-token-42';
let db: TestDatabase;
let redis: RedisServer | null;
let telegram: FakeTelegram;
let dir: string;
let api: AppProcess;
let bot: AppProcess;

beforeAll(async () => {
  redis = await startRedis();
  [db, telegram] = await Promise.all([createTestDatabase(), startFakeTelegram()]);
  dir = mkdtempSync(path.join(os.tmpdir(), 'ops-endpoints-'));
  const env = (role: string) => ({
    ROLE: role,
    DATABASE_URL: db.url,
    ...(redis ? { REDIS_URL: redis.url } : {}),
    BOT_TOKEN: TEST_BOT_TOKEN,
    TELEGRAM_API_ROOT: telegram.url,
    METRICS_TOKEN: TOKEN,
    LOG_LEVEL: 'warn',
    WEBAPP_BUILD: 'false',
    DATA_DIR: dir,
    STORAGE_DIR: path.join(dir, 'storage'),
  });
  [api, bot] = await Promise.all([startAppProcess('api', env('api')), startAppProcess('bot', env('bot'))]);
}, 180_000);

afterAll(async () => {
  await Promise.all([api, bot].map((p) => p?.kill()));
  await telegram?.close();
  await db?.drop();
  await redis?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const withRedis = (checks: Record<string, string>) => (redis ? { ...checks, redis: 'ok' } : checks);

describe('the ROLE=bot process', () => {
  it('answers /healthz and /readyz on PORT (database, job worker, Redis), and nothing else', async () => {
    const http = supertest(bot.url);
    expect(bot.output()).toContain(`health at ${bot.url}/healthz`);
    expect((await http.get('/healthz')).body).toEqual({ ok: true });
    const ready = await http.get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ ok: true, checks: withRedis({ database: 'ok', jobs: 'ok' }) });
    const other = await http.get('/api/profile/me');
    expect(other.status).toBe(404);
    expect(other.body).toMatchObject({ ok: false, error: 'NOT_FOUND' });
  });

  it('serves its metrics (Bot API calls, the job queue) with the token only', async () => {
    const http = supertest(bot.url);
    expect((await http.get('/metrics')).status).toBe(401);
    expect((await http.get('/metrics').set('Authorization', 'Bearer not-the-token')).status).toBe(401);
    // The bot sets its menu button and commands at start, then long polls.
    await expect
      .poll(async () => {
        const res = await http.get('/metrics').set('Authorization', `Bearer ${TOKEN}`);
        return total(parseSamples(res.text), 'bot_api_calls_total', { method: 'getUpdates' });
      })
      .toBeGreaterThan(0);
    const samples = parseSamples((await http.get('/metrics').set('Authorization', `Bearer ${TOKEN}`)).text);
    expect(total(samples, 'bot_api_calls_total', { method: 'getMe' })).toBe(1);
    expect(samples.some((s) => s.name === 'job_queue_depth' && s.labels.state === 'waiting')).toBe(true);
  });
});

describe('the ROLE=api process', () => {
  it('checks the database (and Redis) but no job worker, and tells nothing private', async () => {
    const res = await supertest(api.url).get('/readyz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, checks: withRedis({ database: 'ok' }) });
    for (const secret of [db.url, new URL(db.url).port, redis?.url, TOKEN].filter(Boolean)) expect(res.text).not.toContain(secret);
  });

  it.runIf(process.env.REDIS_URL === undefined)(
    'is not ready while Redis is down, says so without its address, and is ready again once it is back',
    async () => {
      if (!redis) return;
      const { port } = new URL(redis.url);
      await redis.stop();
      for (const proc of [api, bot]) {
        await expect.poll(async () => (await supertest(proc.url).get('/readyz')).status, { timeout: 10_000 }).toBe(503);
        const res = await supertest(proc.url).get('/readyz');
        expect(res.body).toMatchObject({ ok: false, reason: 'redis: unreachable', checks: { database: 'ok', redis: 'unreachable' } });
        expect(res.text).not.toContain(port);
        expect((await supertest(proc.url).get('/healthz')).status).toBe(200);
      }
      redis = await startRedis({ port: Number(port) });
      for (const proc of [api, bot])
        await expect.poll(async () => (await supertest(proc.url).get('/readyz')).status, { timeout: 20_000 }).toBe(200);
    },
  );
});
