import { expect } from 'vitest';
import type { Orm } from '../../db/orm';

/** Jobs of a task still in graphile-worker's queue (waiting, scheduled for later or running). */
async function queuedJobs(orm: Orm, task: string): Promise<number> {
  const rows = (await orm.em
    .fork()
    .getConnection()
    .execute('SELECT count(*) AS n FROM graphile_worker.jobs WHERE task_identifier = ?', [task])) as Array<{ n: string }>;
  return Number(rows[0]?.n ?? 0);
}

/** The barrier across processes: no job of `task` is left, so all they would have done is done. */
export async function queueDrained(orm: Orm, task: string, timeoutMs = 15_000): Promise<void> {
  await expect.poll(() => queuedJobs(orm, task), { timeout: timeoutMs, interval: 50 }).toBe(0);
}
