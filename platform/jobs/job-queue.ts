import { makeWorkerUtils, type WorkerUtils } from 'graphile-worker';
import type { Logger } from '../logger';
import { workerLogger } from './job-logger';
import { openJobPool } from './job-pool';

interface JobOptions {
  /** One pending job per key: adding again replaces the waiting one (a running one is left to finish). */
  jobKey?: string;
  runAt?: Date;
  maxAttempts?: number;
}

/** Enqueues jobs from any process; the bot process's worker runs them. */
export interface JobQueue {
  add(task: string, payload: unknown, opts?: JobOptions): Promise<void>;
  close(): Promise<void>;
}

/** Opens the queue on the database and installs or upgrades the queue's schema (graphile_worker) first. */
export async function createJobQueue(connectionString: string, logger: Logger): Promise<JobQueue> {
  const pool = openJobPool(connectionString, 4, logger);
  const close = async () => {
    await utils.release();
    await pool.end();
  };
  const utils: WorkerUtils = await makeWorkerUtils({ pgPool: pool, logger: workerLogger(logger) });
  try {
    await utils.migrate();
  } catch (err) {
    await close();
    throw err;
  }
  return {
    add: async (task, payload, opts = {}) => {
      await utils.addJob(task, payload, opts);
    },
    close,
  };
}
