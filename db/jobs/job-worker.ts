import { makeWorkerUtils, parseCronItems, run, type Runner, type TaskList } from 'graphile-worker';
import type { Pool } from 'pg';
import type { Logger } from '../logger';
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
}

export interface JobWorker {
  stop(): Promise<void>;
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
  return {
    stop: async () => {
      if (!stopped) await runner.stop();
      stopped = true;
      await pool.end();
    },
  };
}
