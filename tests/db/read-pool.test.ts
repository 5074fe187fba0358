import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../../api/middleware/database-unavailable';
import { ReadPool, type KeyedRead } from '../../db/read-pool';
import { sqlOf } from '../../db/kysely';
import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());
let reads: ReadPool;
const pool = () => (reads ??= new ReadPool(db.orm));

/** Each row says how many keys its statement carried, so the tests can see callers share one. */
const DOUBLED: KeyedRead = {
  sql: `SELECT k AS "key", k * 2 AS doubled, count(*) OVER () AS "keysInStatement" FROM unnest($1::int[]) AS k WHERE k % 7 <> 0`,
};
type Doubled = { key: number; doubled: number; keysInStatement: string };

describe('ReadPool.keyed', () => {
  it("answers each caller with its own key's rows, callers waiting together sharing a statement", async () => {
    const keys = Array.from({ length: 60 }, (_v, i) => i);
    const answers = await Promise.all(keys.map((k) => pool().keyed<Doubled>(DOUBLED, k)));
    answers.forEach((rows, k) =>
      expect(
        rows.map((r) => [r.key, r.doubled]),
        `key ${k}`,
      ).toEqual(k % 7 === 0 ? [] : [[k, k * 2]]),
    );
    const shared = answers.flat().map((r) => Number(r.keysInStatement));
    expect(Math.max(...shared)).toBeGreaterThan(1);
  });

  it('gives the same rows to two callers of one key', async () => {
    const [a, b] = await Promise.all([
      pool().keyed<Doubled>(DOUBLED, 5),
      pool().keyed<Doubled>(DOUBLED, 5),
      pool().keyed<Doubled>(DOUBLED, 6),
    ]);
    expect(a!.map((r) => r.doubled)).toEqual([10]);
    expect(b!.map((r) => r.doubled)).toEqual([10]);
  });

  it('fails every caller of a statement that fails, and the next calls work', async () => {
    const failing: KeyedRead = { sql: `SELECT k AS "key", 1 / (k - 3) AS x FROM unnest($1::int[]) AS k` };
    const settled = await Promise.allSettled([1, 2, 3, 4, 5].map((k) => pool().keyed(failing, k)));
    const refused = settled.filter((s) => s.status === 'rejected');
    expect(refused.length).toBeGreaterThan(0);
    for (const r of refused) expect(String((r as PromiseRejectedResult).reason)).toMatch(/division by zero/);
    expect(await pool().keyed<Doubled>(DOUBLED, 8)).toEqual([{ key: 8, doubled: 16, keysInStatement: '1' }]);
    expect(await pool().keyed(failing, 4)).toEqual([{ key: 4, x: 1 }]);
  });
});

describe('ReadPool.query', () => {
  it('answers each call with its own parameters', async () => {
    const sums = await Promise.all(
      Array.from({ length: 40 }, (_v, i) => pool().query<{ sum: number }>('SELECT $1::int + 100 AS sum', [i])),
    );
    expect(sums.map((rows) => rows[0]!.sum)).toEqual(Array.from({ length: 40 }, (_v, i) => i + 100));
  });

  it('drops connections the server closed: a call fails as unavailable at most once per connection, then reads work', async () => {
    const pids = await Promise.all(
      Array.from({ length: 8 }, () => pool().query<{ pid: number }>('SELECT pg_backend_pid() AS pid, pg_sleep(0.01)', [])),
    );
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
        expect(await pool().query('SELECT 1 AS one', [])).toEqual([{ one: 1 }]);
        answered = true;
      } catch (err) {
        failures.push(err);
      }
    }
    expect(answered).toBe(true);
    for (const err of failures) expect(isDatabaseUnavailable(err), String(err)).toBe(true);
  });

  it("runs on the ORM's own connections, opening none of its own", async () => {
    const other = await createTestDatabase();
    try {
      const backends = async () =>
        Number(
          (
            await sql<{ n: string }>`SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database()`.execute(
              sqlOf(other.orm.em.fork()),
            )
          ).rows[0]!.n,
        );
      const before = await backends();
      const mine = new ReadPool(other.orm);
      expect(await mine.query<{ one: number }>('SELECT 1 AS one', [])).toEqual([{ one: 1 }]);
      expect(await backends()).toBe(before);
    } finally {
      await other.drop();
    }
  });
});
