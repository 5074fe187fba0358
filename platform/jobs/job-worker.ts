import { EventEmitter } from 'node:events';
import { makeWorkerUtils, parseCronItems, run, type Runner, type TaskList, type WorkerEvents } from 'graphile-worker';
import type { Pool } from 'pg';
import type { Logger } from '../logger';
import type { JobQueueDepth, Metrics } from '../metrics/metrics';
import type { JobDefinition } from './job-definition';
import { workerLogger } from './job-logger';
import { openJobPool } from './job-pool';
import { releaseStaleLocks } from './stale-locks';

export interface JobWorkerDeps {
  connectionString: string;
  logger: Logger;
  jobs: JobDefinition[];
  concurrency?: number;
  /** How often jobs scheduled for later are looked for; new jobs arrive at once (LISTEN/NOTIFY). */
  pollIntervalMs?: number;
  /** Locks older than this at start belong to a crashed worker. */
  staleLockMs?: number;
  /** Failed attempts are counted here, and the queue's depth is read on each scrape. */
  metrics?: Metrics;
}

export interface JobWorker {
  /** False once stopped, or once the runner ended on an error (readiness). */
  isRunning(): boolean;
  stop(): Promise<void>;
}

/** The queue's jobs by state, from graphile-worker's public `jobs` view. */
function queueDepthOf(pool: Pool): JobQueueDepth {
  return async () => {
    const { rows } = await pool.query<Record<'waiting' | 'scheduled' | 'running' | 'failed', string>>(
      `SELECT count(*) FILTER (WHERE attempts < max_attempts AND locked_at IS NULL AND run_at <= now()) AS waiting,
              count(*) FILTER (WHERE attempts < max_attempts AND locked_at IS NULL AND run_at > now()) AS scheduled,
              count(*) FILTER (WHERE attempts < max_attempts AND locked_at IS NOT NULL) AS running,
              count(*) FILTER (WHERE attempts >= max_attempts) AS failed
         FROM graphile_worker.jobs`,
    );
    const row = rows[0]!;
    return { waiting: Number(row.waiting), scheduled: Number(row.scheduled), running: Number(row.running), failed: Number(row.failed) };
  };
}

/** Failed attempts counted by task; `job:failed` follows `job:error` when no attempt is left. */
function countFailures(metrics: Metrics): WorkerEvents {
  const events = new EventEmitter() as WorkerEvents;
  events.on('job:error', ({ job }) => {
    if (job.attempts < job.max_attempts) metrics.jobFailed(job.task_identifier, false);
  });
  events.on('job:failed', ({ job }) => metrics.jobFailed(job.task_identifier, true));
  return events;
}

async function startRunner(deps: JobWorkerDeps, pgPool: Pool, concurrency: number): Promise<Runner> {
  const logger = workerLogger(deps.logger);
  const utils = await makeWorkerUtils({ pgPool, logger });
  try {
    await utils.migrate();
    const freed = await releaseStaleLocks(utils, deps.staleLockMs ?? 10 * 60_000);
    if (freed) deps.logger.warn('jobs of a stopped worker released', { workers: freed });
  } finally {
    await utils.release();
  }
  const taskList: TaskList = Object.fromEntries(deps.jobs.map((job) => [job.name, job.task]));
  const cron = deps.jobs.flatMap((job) => (job.cron ? [{ task: job.name, match: job.cron, identifier: job.name }] : []));
  // noHandleSignals: the process's own shutdown (main.ts) stops the worker.
  return run({
    pgPool,
    taskList,
    parsedCronItems: parseCronItems(cron),
    concurrency,
    pollInterval: deps.pollIntervalMs ?? 1000,
    noHandleSignals: true,
    logger,
    ...(deps.metrics?.registry ? { events: countFailures(deps.metrics) } : {}),
  });
}

/** Runs the jobs in this process (the bot process): installs the queue's schema, frees a crashed worker's jobs, starts. */
export async function startJobWorker(deps: JobWorkerDeps): Promise<JobWorker> {
  const concurrency = deps.concurrency ?? 4;
  // The LISTEN connection is one more than the jobs running at once.
  const pool = openJobPool(deps.connectionString, concurrency + 2, deps.logger);
  const runner = await startRunner(deps, pool, concurrency).catch(async (err: unknown) => {
    await pool.end();
    throw err;
  });
  let stopped = false;
  runner.promise.catch((err: unknown) => {
    stopped = true;
    deps.logger.error('job worker stopped on an error', { err });
  });
  deps.metrics?.watchJobQueue(queueDepthOf(pool));
  deps.logger.info('job worker started', { concurrency, jobs: deps.jobs.length });
  return {
    isRunning: () => !stopped,
    stop: async () => {
      deps.metrics?.watchJobQueue(null);
      if (!stopped) await runner.stop();
      stopped = true;
      await pool.end();
    },
  };
}
