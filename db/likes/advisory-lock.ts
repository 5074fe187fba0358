import type { EntityManager } from '@mikro-orm/postgresql';
import { sqlOf } from '../kysely';

/** Waits for `key`'s transaction-scoped advisory lock (held until `tx` commits or rolls back). */
export async function lockInTransaction(tx: EntityManager, key: string): Promise<void> {
  await sqlOf(tx)
    .selectNoFrom((eb) => eb.fn<void>('pg_advisory_xact_lock', [eb.fn<number>('hashtext', [eb.val(key)])]).as('locked'))
    .execute();
}
