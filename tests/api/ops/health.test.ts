import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReadiness } from '../../../api/ops/readiness';
import { databaseReady, redisReady, runningReady } from '../../../api/ops/readiness-checks';
import { captureLogs } from '../../support/log-capture';
import { createTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const sql = (text: string) => app.db.orm.em.fork().getConnection().execute(text);

describe('GET /healthz', () => {
  it('answers {ok:true} to anyone, without initData, and is never rate limited', async () => {
    for (let i = 0; i < 40; i++) {
      const res = await app.request.get('/healthz').set('X-Forwarded-For', '203.0.113.5');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ok: true });
    }
  });
});

describe('GET /readyz', () => {
  it('is ready when the database answers and has every migration applied', async () => {
    const res = await app.request.get('/readyz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, checks: { database: 'ok' } });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('is 503 with a reason while a migration of this build is not applied', async () => {
    const [last] = (await sql('SELECT id, name, executed_at FROM mikro_orm_migrations ORDER BY id DESC LIMIT 1')) as Array<{
      id: number;
      name: string;
      executed_at: Date;
    }>;
    await sql(`DELETE FROM mikro_orm_migrations WHERE id = ${last!.id}`);
    try {
      await expect.poll(async () => (await app.request.get('/readyz')).status, { timeout: 5_000 }).toBe(503);
      const res = await app.request.get('/readyz');
      expect(res.body).toEqual({
        ok: false,
        error: 'UNAVAILABLE',
        message: 'Сервис ещё не готов',
        reason: 'database: migrations pending: 1',
        checks: { database: 'migrations pending: 1' },
      });
    } finally {
      await app.db.orm.em
        .fork()
        .getConnection()
        .execute('INSERT INTO mikro_orm_migrations (id, name, executed_at) VALUES (?, ?, ?)', [last!.id, last!.name, last!.executed_at]);
    }
    await expect.poll(async () => (await app.request.get('/readyz')).status, { timeout: 5_000 }).toBe(200);
  });

  it('answers unauthenticated callers from a one-second cache, not a database query each', async () => {
    await expect.poll(async () => (await app.request.get('/readyz')).status, { timeout: 5_000 }).toBe(200);
    const [last] = (await sql('SELECT id, name, executed_at FROM mikro_orm_migrations ORDER BY id DESC LIMIT 1')) as Array<{
      id: number;
      name: string;
      executed_at: Date;
    }>;
    await sql(`DELETE FROM mikro_orm_migrations WHERE id = ${last!.id}`);
    try {
      // The answer of the last second still holds: the database is not asked again until it is a second old.
      expect((await app.request.get('/readyz')).status).toBe(200);
      await expect.poll(async () => (await app.request.get('/readyz')).status, { timeout: 5_000 }).toBe(503);
    } finally {
      await app.db.orm.em
        .fork()
        .getConnection()
        .execute('INSERT INTO mikro_orm_migrations (id, name, executed_at) VALUES (?, ?, ?)', [last!.id, last!.name, last!.executed_at]);
    }
  });
});

describe('readiness', () => {
  it('runs its checks at most once a second, however many probes come, concurrent or not', async () => {
    let clock = 0;
    let runs = 0;
    const readiness = createReadiness({ database: () => (runs++, Promise.resolve(null)) }, captureLogs('info').logger, {
      now: () => clock,
    });
    await Promise.all(Array.from({ length: 10 }, () => readiness.report()));
    for (let i = 0; i < 10; i++) expect(await readiness.report()).toEqual({ ok: true, checks: { database: 'ok' } });
    clock = 999;
    await readiness.report();
    expect(runs).toBe(1);
    clock = 1_000;
    await readiness.report();
    expect(runs).toBe(2);
  });

  it('answers within its timeout when a check hangs, and never tells a failing check’s error', async () => {
    const logs = captureLogs('info');
    const readiness = createReadiness(
      {
        database: databaseReady(app.db.orm),
        jobs: runningReady(() => true),
        redis: () => new Promise(() => undefined),
        broken: () => Promise.reject(new Error('connect ECONNREFUSED 10.1.2.3:6379 postgres://user:secret@db.internal/app')),
      },
      logs.logger,
      { timeoutMs: 150, cacheMs: 0 },
    );
    const started = performance.now();
    const report = await readiness.report();
    expect(performance.now() - started).toBeLessThan(1_500);
    expect(report).toEqual({
      ok: false,
      reason: 'redis: no answer within 150 ms',
      checks: { database: 'ok', jobs: 'ok', redis: 'no answer within 150 ms', broken: 'failed' },
    });
    expect(JSON.stringify(report)).not.toMatch(/secret|10\.1\.2\.3|internal/);
    // The error goes to the operator's log; the change to not ready is logged once, not on every probe.
    await readiness.report();
    const lines = logs.records();
    expect(lines.filter((l) => l.msg === 'not ready')).toHaveLength(1);
    expect(lines.find((l) => l.msg === 'readiness check failed')).toMatchObject({ check: 'broken' });
  });

  it('logs each change between ready and not ready once', async () => {
    const logs = captureLogs('info');
    let running = false;
    let redisUp = true;
    const readiness = createReadiness(
      {
        jobs: runningReady(() => running),
        redis: redisReady(() => (redisUp ? Promise.resolve() : Promise.reject(new Error('redis connection reconnecting')))),
      },
      logs.logger,
      { cacheMs: 0 },
    );
    expect(await readiness.report()).toMatchObject({ ok: false, reason: 'jobs: not running' });
    running = true;
    expect(await readiness.report()).toEqual({ ok: true, checks: { jobs: 'ok', redis: 'ok' } });
    expect(await readiness.report()).toMatchObject({ ok: true });
    redisUp = false;
    expect(await readiness.report()).toMatchObject({ ok: false, reason: 'redis: unreachable' });
    expect(logs.records().map((l) => [l.msg, l.reason])).toEqual([
      ['not ready', 'jobs: not running'],
      ['ready', undefined],
      ['not ready', 'redis: unreachable'],
    ]);
  });
});
