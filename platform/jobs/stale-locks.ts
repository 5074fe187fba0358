import type { WorkerUtils } from 'graphile-worker';

/**
 * A worker that died mid-job leaves the job locked for 4 hours; our jobs are short (Telegram calls time out),
 * so locks older than `olderThanMs` are from a dead process and are freed at start. Returns how many workers.
 */
export async function releaseStaleLocks(utils: WorkerUtils, olderThanMs: number): Promise<number> {
  const { rows } = await utils.withPgClient((client) =>
    client.query<{ locked_by: string }>(
      'SELECT DISTINCT locked_by FROM graphile_worker.jobs WHERE locked_by IS NOT NULL AND locked_at < now() - make_interval(secs => $1)',
      [olderThanMs / 1000],
    ),
  );
  if (rows.length) await utils.forceUnlockWorkers(rows.map((r) => r.locked_by));
  return rows.length;
}
