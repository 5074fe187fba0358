import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../contracts/errors';
import { sql } from 'kysely';
import { sqlOf } from '../kysely';

// One key for every change that can take an admin away: such changes run one at a time.
const ADMIN_ROSTER_LOCK = 7_310_042;

/**
 * Refuses to demote, ban or delete `userId` when they are the only admin who is not banned (AMENDMENTS §2.2).
 * Takes a transaction-scoped advisory lock first, so two simultaneous changes cannot both see 'another admin remains';
 * call it before locking the user's row (one lock order everywhere).
 */
export async function refuseLastAdmin(tx: EntityManager, userId: number, message: string): Promise<void> {
  const db = sqlOf(tx);
  // An advisory lock is a function call, not a table: the typed escape hatch (its void result unused).
  await sql<{ locked: unknown }>`SELECT pg_advisory_xact_lock(${ADMIN_ROSTER_LOCK}) AS locked`.execute(db);
  const row = await db
    .selectFrom('users as u')
    .select((eb) => [
      'u.role',
      'u.is_banned',
      eb
        .selectFrom('users as o')
        .select((sub) => sub.fn.countAll().as('n'))
        .where('o.role', '=', 'ADMIN')
        .where('o.is_banned', '=', false)
        .whereRef('o.telegram_id', '<>', 'u.telegram_id')
        .as('others'),
    ])
    .where('u.telegram_id', '=', userId)
    .executeTakeFirst();
  if (row?.role === 'ADMIN' && !row.is_banned && Number(row.others) === 0) throw new AppError('CONFLICT', message);
}
