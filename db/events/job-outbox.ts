import { sql, type Kysely } from 'kysely';
import type { Database } from '../kysely';
import type { Logger } from '../../platform/logger';
import type { OutboxRow, TransactionDb } from './outbox';
import { compiledOnce, slot } from '../compiled-once';

/**
 * Writes jobs in the caller's transaction (or as a statement of their own) as rows of job_outbox, one plain insert for
 * all of them, so they exist exactly when the transaction commits; a drain (JobOutboxDrain) hands them to
 * graphile-worker. A row per job costs PostgreSQL a fraction of graphile_worker.add_job (a PL/pgSQL function
 * upserting by job key and notifying the workers, about 1 ms per call on the chat send's path: issue 42).
 */
export async function writeJobOutbox(tx: TransactionDb, rows: readonly OutboxRow[]): Promise<void> {
  if (rows.length === 0) return;
  const values = rows.map((row) => ({ task: row.task, payload: row.payload, job_key: row.jobKey }));
  if (values.length === 1) await ONE_JOB.rows(tx, values[0]!);
  else await tx.insertInto('job_outbox').values(values).execute();
}

// A like's one job: compiled once and prepared (issue 42); more rows are built per call.
const ONE_JOB = compiledOnce({ task: slot.string(), payload: slot.string(), job_key: slot.value<string | null>() }, (db, v) =>
  db.insertInto('job_outbox').values(v),
);

/** Rows of job_outbox as the three arrays a statement that writes them itself reads (outboxTable). */
export interface OutboxArrays {
  tasks: string[];
  payloads: string[];
  keys: Array<string | null>;
}

export const outboxArrays = (rows: readonly OutboxRow[]): OutboxArrays => ({
  tasks: rows.map((r) => r.task),
  payloads: rows.map((r) => r.payload),
  keys: rows.map((r) => r.jobKey),
});

/** The rows as a table of the statement (task, payload, job_key): none when the arrays are empty. */
export const outboxTable = (v: OutboxArrays) =>
  sql<{ task: string; payload: string; job_key: string | null }>`(select * from unnest(${v.tasks}::text[], ${v.payloads}::text[],
  ${v.keys}::text[]) as j(task, payload, job_key))`;

/** The most rows one drain statement moves. */
const DRAIN_BATCH = 500;

/**
 * Moves up to `limit` outbox rows into graphile-worker's queue in one statement, so atomically (the rows leave the
 * outbox exactly when their jobs exist), through graphile-worker's documented batch function graphile_worker.add_jobs,
 * in the order they were written. Rows another drain holds are skipped, not waited for. Returns how many moved.
 */
export async function drainJobOutbox(db: Kysely<Database>, limit = DRAIN_BATCH): Promise<number> {
  // graphile_worker's function, not an entity: the typed escape hatch (Kysely's sql tag).
  const { rows } = await sql<{ n: number; added: number }>`
    WITH taken AS (
      DELETE FROM job_outbox
       WHERE id IN (SELECT id FROM job_outbox ORDER BY id LIMIT ${limit} FOR UPDATE SKIP LOCKED)
      RETURNING id, task, payload, job_key
    ), latest AS (
      -- add_jobs may not meet one key twice; the latest row of a key wins, as a replacing add_job would have left it.
      SELECT DISTINCT ON (coalesce(job_key, 'row:' || id)) id, task, payload, job_key
        FROM taken ORDER BY coalesce(job_key, 'row:' || id), id DESC
    ), added AS (
      SELECT 1 FROM graphile_worker.add_jobs(
        ARRAY(SELECT (l.task, l.payload::json, NULL, NULL, NULL, l.job_key, NULL, NULL)::graphile_worker.job_spec
                FROM latest l ORDER BY l.id))
       WHERE EXISTS (SELECT 1 FROM taken)
    )
    SELECT (SELECT count(*) FROM taken)::int AS n, (SELECT count(*) FROM added)::int AS added`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

export interface JobOutboxDrainOptions {
  /** Kysely on the database's pool (a fresh EntityManager's, outside any transaction). */
  db: () => Kysely<Database>;
  logger: Logger;
  /**
   * How long after a commit that wrote rows the drain runs: the commits of that window share one statement. 500 ms by
   * default: graphile_worker.add_jobs costs PostgreSQL a few ms a call however few jobs it adds (its update of the
   * queue's keyed jobs), so at 1,000 users a drain every 100 ms was a twentieth of PostgreSQL's CPU (issue 42); a
   * notification (a Telegram message to someone away from the app) goes out at most half a second later.
   */
  delayMs?: number;
  /**
   * How often the outbox is drained anyway: rows whose process died between its commit and its drain, or whose
   * drain failed, are moved by whichever process sweeps next.
   */
  sweepMs?: number;
}

/**
 * Hands the outbox's rows to graphile-worker in batches: soon() after a commit that wrote some (every commit of the
 * next `delayMs` rides on the same statement), and every `sweepMs` whatever happened. One per process, built in
 * the composition root; any number of processes may drain at once.
 */
export class JobOutboxDrain {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private readonly sweep: NodeJS.Timeout;
  private readonly delayMs: number;

  constructor(private readonly opts: JobOutboxDrainOptions) {
    this.delayMs = opts.delayMs ?? 500;
    this.sweep = setInterval(() => this.soon(0), opts.sweepMs ?? 5_000);
    this.sweep.unref();
  }

  /** Drains within `delayMs` (at once with 0); calls in the meantime share that drain. */
  soon(delayMs = this.delayMs): void {
    if (this.stopped) return;
    if (this.running) {
      // Rows committed while a drain runs may have missed it: one more drain follows.
      this.again = true;
      return;
    }
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.running = this.drainAll().finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.soon();
        }
      });
    }, delayMs);
    this.timer.unref();
  }

  /** Moves every row there is now (batch after batch); a failure is logged and left to the next drain. */
  private async drainAll(): Promise<void> {
    try {
      while (!this.stopped && (await drainJobOutbox(this.opts.db())) === DRAIN_BATCH);
    } catch (err) {
      this.opts.logger.error('job outbox drain failed', { err });
    }
  }

  /** No more drains; waits for one under way. Rows left stay for the next process to sweep. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.sweep);
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }
}
