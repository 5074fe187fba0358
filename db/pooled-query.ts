import { createHash } from 'node:crypto';
import pg from 'pg';
import type { EntityManager } from '@mikro-orm/postgresql';

/** A connection of knex's pool; knex marks one that errored or ended (dialects/postgres). */
type PooledConnection = pg.ClientBase & { __knex__disposed?: unknown };

/** The parts of tarn's Pool (knex's pool) the lane uses. */
interface TarnPool {
  max: number;
  destroyed: boolean;
  acquire(): { promise: Promise<PooledConnection> };
  release(connection: PooledConnection): boolean;
  numFree(): number;
  numUsed(): number;
  numPendingCreates(): number;
  numPendingAcquires(): number;
  on(event: 'acquireRequest' | 'poolDestroyRequest', listener: () => void): void;
}

interface KnexClient {
  pool?: TarnPool;
}

const names = new Map<string, string>();
const nameOf = (text: string) => names.get(text) ?? names.set(text, `pq_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`).get(text)!;

/**
 * A named statement as a pg Query object: handing pg a config object instead makes it copy the object through
 * its property descriptors on every call (pg 8.23's cloneQueryConfig), and a subclass of pg.Query measured twice
 * the CPU per read of a plain one whose `name` is set afterwards (scripts/api-load, in-process); so the latter.
 */
function namedStatement(name: string, text: string, values: readonly unknown[], done: (err: Error | undefined, result: { rows: unknown[] }) => void): pg.Query {
  const statement = new pg.Query(text, values as unknown[], done);
  // `name` is QueryConfig's field; pg reads it when it submits the query (parse once per connection, then bind).
  (statement as { name?: string }).name = name;
  return statement;
}

/**
 * A read by key that callers waiting at the same time share (keyedQuery): `sql` takes the keys as `$1`, an
 * array, and names each row's key `"key"`, e.g. `SELECT user_id AS "key", ... WHERE user_id = ANY($1::bigint[])`.
 */
export interface KeyedRead {
  sql: string;
}

interface Job {
  text: string;
  values: readonly unknown[];
  /** For keyedQuery: the read and this caller's key; jobs of one read queued together run as one statement. */
  keyed?: { read: KeyedRead; key: string | number };
  resolve(rows: unknown[]): void;
  reject(err: unknown): void;
}

/** The most keys one keyed statement carries. */
const MAX_BATCH = 100;

/** How long a lane keeps a connection nobody asked for before it goes back to the pool. */
const IDLE_MS = 1_000;

/**
 * Reads run on connections the lane keeps out of knex's pool while it has work: taking one from the pool
 * (tarn's acquire, knex's validation) makes some twenty promises and two timers, and once AsyncLocalStorage
 * is on (after any transaction or flush, on Node 20) every promise costs again; that was the larger part of
 * GET /api/profile/me's CPU. The pool keeps the say: a connection goes back at once when anyone else waits
 * for one (between two reads), an idle one when anyone else asks for one and the pool is full, any idle one
 * after IDLE_MS, all of them when the pool is destroyed, and one that errored is never reused.
 */
class ReadLane {
  readonly #pool: TarnPool;
  /** The most connections the lane holds at once. */
  readonly #max: number;
  readonly #queue: Job[] = [];
  /** Connections held and waiting for work, the most recently used last. */
  readonly #idle: Array<{ connection: PooledConnection; since: number }> = [];
  /** Connections held (idle, busy or being acquired). */
  #held = 0;
  #acquiring = false;
  /** Of the pool's pending acquires, the lane's own. */
  #pending = 0;
  #sweeper: NodeJS.Timeout | null = null;
  #closed = false;

  constructor(pool: TarnPool, max: number) {
    this.#pool = pool;
    this.#max = max;
    pool.on('acquireRequest', () => {
      if (this.#acquiring || this.#idle.length === 0) return;
      // Someone else wants a connection: hand one back if the pool could neither give nor create one.
      if (pool.numFree() === 0 && pool.numUsed() + pool.numPendingCreates() >= pool.max) this.#giveBack(this.#idle.shift()!.connection);
    });
    pool.on('poolDestroyRequest', () => {
      this.#closed = true;
      while (this.#idle.length) this.#giveBack(this.#idle.pop()!.connection);
      this.#stopSweeping();
    });
  }

  run(job: Job): void {
    if (this.#closed || this.#pool.destroyed) return job.reject(new Error('Unable to acquire a connection'));
    for (let idle = this.#idle.pop(); idle; idle = this.#idle.pop()) {
      // One that broke while idle (a restarted server) goes back for the pool to drop.
      if (!idle.connection.__knex__disposed) return this.#start(idle.connection, job);
      this.#giveBack(idle.connection);
    }
    this.#queue.push(job);
    if (this.#held < this.#max) this.#acquire();
  }

  #acquire(): void {
    this.#held++;
    this.#pending++;
    this.#acquiring = true;
    let promise: Promise<PooledConnection>;
    try {
      promise = this.#pool.acquire().promise;
    } finally {
      this.#acquiring = false;
    }
    promise.then(
      (connection) => {
        this.#pending--;
        this.#next(connection);
      },
      (err: unknown) => {
        this.#pending--;
        this.#held--;
        // The oldest read fails with the pool's error (its timeout told as knex tells it); a later one tries again.
        this.#queue.shift()?.reject(err instanceof Error && err.constructor.name === 'TimeoutError' ? new Error('Timeout acquiring a connection', { cause: err }) : err);
        if (this.#queue.length && this.#held < this.#max) this.#acquire();
      },
    );
  }

  /** A connection is free: the next read, or back to the pool if someone waits there, or idle. */
  #next(connection: PooledConnection): void {
    if (this.#closed || connection.__knex__disposed || this.#pool.numPendingAcquires() > this.#pending) {
      this.#giveBack(connection);
      if (this.#queue.length && !this.#closed) this.#acquire();
      return;
    }
    const job = this.#queue.shift();
    if (job) return this.#start(connection, job);
    this.#idle.push({ connection, since: Date.now() });
    this.#sweeper ??= setInterval(() => this.#sweep(), IDLE_MS).unref();
  }

  #start(connection: PooledConnection, first: Job): void {
    const batch = first.keyed ? this.#batchOf(first) : null;
    const job = batch ?? first;
    connection.query(
      namedStatement(nameOf(job.text), job.text, job.values, (err, result) => {
        if (err) {
          job.reject(err);
          // A broken connection goes back for the pool to drop; an SQL error leaves it usable.
          if (connection.__knex__disposed) {
            this.#giveBack(connection);
            if (this.#queue.length) this.#acquire();
            return;
          }
        } else {
          job.resolve(result.rows);
        }
        this.#next(connection);
      }),
    );
  }

  /** The first job and every queued one of the same keyed read, as one job whose rows go to each by key. */
  #batchOf(first: Job): Job {
    const read = first.keyed!.read;
    const jobs = [first];
    for (let i = 0; i < this.#queue.length && jobs.length < MAX_BATCH; ) {
      if (this.#queue[i]!.keyed?.read === read) jobs.push(this.#queue.splice(i, 1)[0]!);
      else i++;
    }
    const keys = [...new Set(jobs.map((j) => j.keyed!.key))];
    return {
      text: read.sql,
      values: [keys],
      resolve: (rows) => {
        const byKey = new Map<string, unknown[]>();
        for (const row of rows as Array<{ key: unknown }>) {
          const k = String(row.key);
          const list = byKey.get(k);
          if (list) list.push(row);
          else byKey.set(k, [row]);
        }
        for (const job of jobs) job.resolve(byKey.get(String(job.keyed!.key)) ?? []);
      },
      reject: (err) => {
        for (const job of jobs) job.reject(err);
      },
    };
  }

  #giveBack(connection: PooledConnection): void {
    this.#held--;
    this.#pool.release(connection);
  }

  #sweep(): void {
    const before = Date.now() - IDLE_MS;
    while (this.#idle.length && this.#idle[0]!.since <= before) this.#giveBack(this.#idle.shift()!.connection);
    if (this.#idle.length === 0) this.#stopSweeping();
  }

  #stopSweeping(): void {
    if (this.#sweeper) clearInterval(this.#sweeper);
    this.#sweeper = null;
  }
}

/**
 * Per pool: plain reads may hold every connection (a free one is used at once); keyed reads hold at most
 * KEYED_LANES, so that under load callers queue for a moment and share one statement, one round trip.
 */
const lanes = new WeakMap<TarnPool, { plain: ReadLane; keyed: ReadLane }>();
const KEYED_LANES = 2;

function lanesOf(em: EntityManager): { plain: ReadLane; keyed: ReadLane } | null {
  const pool = (em.getKnex('write').client as KnexClient).pool;
  if (!pool) return null;
  let pair = lanes.get(pool);
  if (!pair) lanes.set(pool, (pair = { plain: new ReadLane(pool, pool.max), keyed: new ReadLane(pool, Math.min(KEYED_LANES, pool.max)) }));
  return pair;
}

/**
 * A read outside any transaction in PostgreSQL's own `$1` syntax, on a connection of the ORM's pool, as a
 * statement prepared once per connection: no EntityManager fork, no query formatting or knex runner. For the
 * reads of every app start (GET /api/profile/me), where that machinery cost more CPU than the query itself.
 * Rows come as the pool's type parsers give them (timestamps as text). Connections come through a ReadLane.
 */
export function pooledQuery<T>(em: EntityManager, text: string, values: readonly unknown[]): Promise<T[]> {
  const pair = lanesOf(em);
  if (!pair) return Promise.reject(new Error('Unable to acquire a connection'));
  return new Promise<T[]>((resolve, reject) => pair.plain.run({ text, values, resolve: resolve as (rows: unknown[]) => void, reject }));
}

/**
 * The rows of `read` for `key`, read like pooledQuery; callers that queue while the keyed lanes are busy share
 * one statement (DataLoader's batching, without waiting for a tick: a lone caller runs at once). Every call
 * still reads the database after it was made; only round trips are shared.
 */
export function keyedQuery<T>(em: EntityManager, read: KeyedRead, key: string | number): Promise<T[]> {
  const pair = lanesOf(em);
  if (!pair) return Promise.reject(new Error('Unable to acquire a connection'));
  return new Promise<T[]>((resolve, reject) => pair.keyed.run({ text: read.sql, values: [[key]], keyed: { read, key }, resolve: resolve as (rows: unknown[]) => void, reject }));
}
