import { createHash } from 'node:crypto';
import pg from 'pg';
import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * A read by key that callers waiting at the same time share (ReadPool.keyed): `sql` takes the keys as `$1`, an
 * array, and names each row's key `"key"`, e.g. `SELECT user_id AS "key", ... WHERE user_id = ANY($1::bigint[])`.
 */
export interface KeyedRead {
  sql: string;
}

interface KeyedJob {
  key: string | number;
  resolve(rows: unknown[]): void;
  reject(err: unknown): void;
}

/** The most keys one keyed statement carries. */
const MAX_BATCH = 100;
/** Keyed statements in flight at once; callers beyond them wait a moment and share the next statement. */
const KEYED_IN_FLIGHT = 2;

export interface ReadPoolOptions {
  connectionString: string;
  /** Connections at most (the ORM's pool is separate). */
  max?: number;
}

/**
 * A small pg.Pool of its own for the hottest read, the start-up profile summary of GET /api/profile/me: statements
 * go as named prepared statements (parsed and planned once per connection), with none of the ORM's per-query work.
 * Outside any transaction only: a read here does not see the caller's uncommitted writes.
 */
export class ReadPool {
  readonly #pool: pg.Pool;
  readonly #names = new Map<string, string>();
  readonly #waiting = new Map<KeyedRead, KeyedJob[]>();
  #inFlight = 0;

  constructor({ connectionString, max = 4 }: ReadPoolOptions) {
    this.#pool = new pg.Pool({ connectionString, max, idleTimeoutMillis: 1_000, allowExitOnIdle: true });
    // An idle connection the server ended (a restart, a dropped database): the pool drops it; the next read opens another.
    this.#pool.on('error', () => {});
  }

  #nameOf(text: string): string {
    let name = this.#names.get(text);
    if (!name) this.#names.set(text, (name = `rp_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`));
    return name;
  }

  /** Rows of `text` (PostgreSQL's `$1` placeholders) for `values`, as a prepared statement. */
  async query<T>(text: string, values: readonly unknown[]): Promise<T[]> {
    const result = await this.#pool.query({ name: this.#nameOf(text), text, values: values as unknown[] });
    return result.rows as T[];
  }

  /**
   * The rows of `read` for `key`. A lone caller runs at once; callers that come while KEYED_IN_FLIGHT statements
   * are out share one statement, one round trip (DataLoader's batching without waiting for a tick). Every call
   * still reads the database after it was made.
   */
  keyed<T>(read: KeyedRead, key: string | number): Promise<T[]> {
    return new Promise<T[]>((resolve, reject) => {
      const job: KeyedJob = { key, resolve: resolve as (rows: unknown[]) => void, reject };
      if (this.#inFlight < KEYED_IN_FLIGHT) return this.#runKeyed(read, [job]);
      const list = this.#waiting.get(read);
      if (list) list.push(job);
      else this.#waiting.set(read, [job]);
    });
  }

  #runKeyed(read: KeyedRead, jobs: KeyedJob[]): void {
    this.#inFlight++;
    const keys = [...new Set(jobs.map((j) => j.key))];
    this.query<{ key: unknown }>(read.sql, [keys])
      .then(
        (rows) => {
          const byKey = new Map<string, unknown[]>();
          for (const row of rows) {
            const k = String(row.key);
            const list = byKey.get(k);
            if (list) list.push(row);
            else byKey.set(k, [row]);
          }
          for (const job of jobs) job.resolve(byKey.get(String(job.key)) ?? []);
        },
        (err: unknown) => {
          for (const job of jobs) job.reject(err);
        },
      )
      .finally(() => {
        this.#inFlight--;
        this.#next();
      });
  }

  #next(): void {
    for (const [read, jobs] of this.#waiting) {
      if (this.#inFlight >= KEYED_IN_FLIGHT) return;
      const batch = jobs.splice(0, MAX_BATCH);
      if (jobs.length === 0) this.#waiting.delete(read);
      this.#runKeyed(read, batch);
    }
  }

  async close(): Promise<void> {
    await this.#pool.end();
  }
}

/** Each ORM's read pool, by the ORM's configuration (reachable from every EntityManager as `em.config`). */
const pools = new WeakMap<object, ReadPool>();

export function attachReadPool(em: EntityManager, pool: ReadPool): void {
  pools.set(em.config, pool);
}

export function readPoolOf(em: EntityManager): ReadPool {
  const pool = pools.get(em.config);
  if (!pool) throw new Error('This ORM was opened without a read pool (openOrm attaches one)');
  return pool;
}
