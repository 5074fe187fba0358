import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../api/contracts/errors';
import { query } from '../sql';

// One key for every change that can take an admin away: such changes run one at a time.
const ADMIN_ROSTER_LOCK = 7_310_042;

/**
 * Refuses to demote, ban or delete `userId` when they are the only admin who is not banned (AMENDMENTS §2.2).
 * Takes a transaction-scoped advisory lock first, so two simultaneous changes cannot both see 'another admin remains';
 * call it before locking the user's row (one lock order everywhere).
 */
export async function refuseLastAdmin(tx: EntityManager, userId: number, message: string): Promise<void> {
  await query(tx, 'SELECT pg_advisory_xact_lock(?)', [ADMIN_ROSTER_LOCK]);
  const [row] = await query<{ role: string; is_banned: boolean; others: string }>(
    tx,
    `SELECT u.role, u.is_banned,
            (SELECT count(*) FROM users o WHERE o.role = 'ADMIN' AND NOT o.is_banned AND o.telegram_id <> u.telegram_id) AS others
       FROM users u WHERE u.telegram_id = ?`,
    [userId],
  );
  if (row?.role === 'ADMIN' && !row.is_banned && Number(row.others) === 0) throw new AppError('CONFLICT', message);
}
