import { sql } from 'kysely';
import { sqlOf } from './kysely';
import type { Orm } from './orm';

/**
 * Runs start-up work (migrations, reference data, initial admins) in one process at a time: several
 * processes starting together against one database wait for each other instead of racing.
 */
export async function withStartupLock<T>(orm: Orm, work: () => Promise<T>): Promise<T> {
  return orm.em.fork().transactional(async (tx) => {
    // An advisory lock is a function call, not a table: the typed escape hatch (its void result unused).
    await sql<{ locked: unknown }>`SELECT pg_advisory_xact_lock(hashtext('orbita:startup')) AS locked`.execute(sqlOf(tx));
    return work();
  });
}
