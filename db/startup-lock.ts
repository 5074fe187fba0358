import type { Orm } from './orm';
import { query } from './sql';

/**
 * Runs start-up work (migrations, reference data, initial admins) in one process at a time: several
 * processes starting together against one database wait for each other instead of racing.
 */
export async function withStartupLock<T>(orm: Orm, work: () => Promise<T>): Promise<T> {
  return orm.em.fork().transactional(async (tx) => {
    await query(tx, "SELECT pg_advisory_xact_lock(hashtext('orbita:startup'))");
    return work();
  });
}
