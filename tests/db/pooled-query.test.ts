import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../../api/middleware/database-unavailable';
import { keyedQuery, pooledQuery, type KeyedRead } from '../../db/pooled-query';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// The test database's pool holds 5 connections (tests/support/test-database.ts).
let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());
const em = () => db.orm.em.fork();

/** Each row says how many keys its statement carried, so the tests can see callers share one. */
const DOUBLED: KeyedRead = {
  sql: `SELECT k AS "key", k * 2 AS doubled, count(*) OVER () AS "keysInStatement" FROM unnest($1::int[]) AS k WHERE k % 7 <> 0`,
};
type Doubled = { key: number; doubled: number; keysInStatement: string };

describe('keyedQuery', () => {
  it("answers each caller with its own key's rows, callers waiting together sharing a statement", async () => {
    const keys = Array.from({ length: 60 }, (_v, i) => i);
    const answers = await Promise.all(keys.map((k) => keyedQuery<Doubled>(em(), DOUBLED, k)));
    answers.forEach((rows, k) => expect(rows.map((r) => [r.key, r.doubled]), `key ${k}`).toEqual(k % 7 === 0 ? [] : [[k, k * 2]]));
    const shared = answers.flat().map((r) => Number(r.keysInStatement));
    expect(Math.max(...shared)).toBeGreaterThan(1);
  });

  it('gives the same rows to two callers of one key', async () => {
    const [a, b] = await Promise.all([keyedQuery<Doubled>(em(), DOUBLED, 5), keyedQuery<Doubled>(em(), DOUBLED, 5), keyedQuery<Doubled>(em(), DOUBLED, 6)]);
    expect(a!.map((r) => r.doubled)).toEqual([10]);
    expect(b!.map((r) => r.doubled)).toEqual([10]);
  });

  it('fails every caller of a statement that fails, and the next calls work', async () => {
    const failing: KeyedRead = { sql: `SELECT k AS "key", 1 / (k - 3) AS x FROM unnest($1::int[]) AS k` };
    const settled = await Promise.allSettled([1, 2, 3, 4, 5].map((k) => keyedQuery(em(), failing, k)));
    const refused = settled.filter((s) => s.status === 'rejected');
    expect(refused.length).toBeGreaterThan(0);
    for (const r of refused) expect(String((r as PromiseRejectedResult).reason)).toMatch(/division by zero/);
    expect(await keyedQuery<Doubled>(em(), DOUBLED, 8)).toEqual([{ key: 8, doubled: 16, keysInStatement: '1' }]);
    expect(await keyedQuery(em(), failing, 4)).toEqual([{ key: 4, x: 1 }]);
  });
});

describe('pooledQuery', () => {
  it('answers each call with its own parameters', async () => {
    const sums = await Promise.all(Array.from({ length: 40 }, (_v, i) => pooledQuery<{ sum: number }>(em(), 'SELECT $1::int + 100 AS sum', [i])));
    expect(sums.map((rows) => rows[0]!.sum)).toEqual(Array.from({ length: 40 }, (_v, i) => i + 100));
  });

  it('leaves transactions their connections while reads keep coming', async () => {
    let reading = true;
    const reader = async () => {
      while (reading) await pooledQuery(em(), 'SELECT pg_sleep(0.002)', []);
    };
    const readers = Array.from({ length: 20 }, reader);
    try {
      for (let i = 0; i < 5; i++) {
        const started = Date.now();
        await em().transactional(async (tx) => {
          await tx.execute('SELECT 1');
        });
        // Far below the pool's acquire timeout: the lane handed a connection back between two reads.
        expect(Date.now() - started).toBeLessThan(2_000);
      }
    } finally {
      reading = false;
      await Promise.all(readers);
    }
  });

  it('drops connections the server closed: a call fails as unavailable at most once per connection, then reads work', async () => {
    const pids = await Promise.all(Array.from({ length: 8 }, () => pooledQuery<{ pid: number }>(em(), 'SELECT pg_backend_pid() AS pid, pg_sleep(0.01)', [])));
    const admin = new pg.Client({ connectionString: db.url });
    await admin.connect();
    try {
      await admin.query('SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid', [[...new Set(pids.map((r) => r[0]!.pid))]]);
    } finally {
      await admin.end();
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    const failures: unknown[] = [];
    let answered = false;
    for (let attempt = 0; attempt < 10 && !answered; attempt++) {
      try {
        expect(await pooledQuery(em(), 'SELECT 1 AS one', [])).toEqual([{ one: 1 }]);
        answered = true;
      } catch (err) {
        failures.push(err);
      }
    }
    expect(answered).toBe(true);
    for (const err of failures) expect(isDatabaseUnavailable(err), String(err)).toBe(true);
  });

  it('lets the ORM close while it holds idle connections', async () => {
    const other = await createTestDatabase();
    await Promise.all(Array.from({ length: 4 }, () => pooledQuery(other.orm.em, 'SELECT 1', [])));
    const started = Date.now();
    await other.drop();
    expect(Date.now() - started).toBeLessThan(5_000);
    await expect(pooledQuery(other.orm.em, 'SELECT 1', [])).rejects.toThrow(/Unable to acquire a connection/);
  });
});
