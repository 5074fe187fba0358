import { createHash } from 'node:crypto';
import type { PostgreSqlConnection } from '@mikro-orm/postgresql';
import type { Orm } from './orm';

type NativePool = Awaited<ReturnType<PostgreSqlConnection['getNativeClient']>>;

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

/**
 * Named prepared statements on the ORM's own pg pool (its `pg` copy, type parsers and error guard; MikroORM's
 * documented getNativeClient), parsed and planned once per connection, with none of the ORM's per-query work: for
 * the hottest read, the start-up profile summary of GET /api/profile/me. Built by whoever reads with it, from the
 * ORM it is given. Outside any transaction only: a read here does not see the caller's uncommitted writes.
 */
export class ReadPool {
  readonly #pool: Promise<NativePool>;
  readonly #names = new Map<string, string>();
  readonly #waiting = new Map<KeyedRead, KeyedJob[]>();
  #inFlight = 0;

  constructor(orm: Orm) {
    this.#pool = orm.em.getConnection().getNativeClient();
  }

  #nameOf(text: string): string {
    let name = this.#names.get(text);
    if (!name) this.#names.set(text, (name = `rp_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`));
    return name;
  }

  /** Rows of `text` (PostgreSQL's `$1` placeholders) for `values`, as a prepared statement. */
  async query<T>(text: string, values: readonly unknown[]): Promise<T[]> {
    const pool = await this.#pool;
    const result = await pool.query({ name: this.#nameOf(text), text, values: values as unknown[] });
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
}
