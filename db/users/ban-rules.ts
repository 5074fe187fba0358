import type { Actor } from './session-user';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ADMIN_MESSAGES } from '../../contracts/admin';
import { AppError } from '../../contracts/errors';
import { sqlOf } from '../kysely';
import { refuseLastAdmin } from './last-admin';

/**
 * The one rule of every ban (initial review, reports, admin panel, bot buttons and /ban): never oneself, a
 * moderator or admin only by an admin, never the last admin who is not banned. `actor` null is the system.
 * Call before locking the target's row (refuseLastAdmin's lock comes first everywhere).
 */
export async function refuseForbiddenBan(tx: EntityManager, actor: Actor | null, targetId: number): Promise<void> {
  if (actor && targetId === actor.telegramId) throw new AppError('CONFLICT', ADMIN_MESSAGES.selfBan);
  await refuseLastAdmin(tx, targetId, ADMIN_MESSAGES.lastAdminBan);
  // Read after the roster lock: a role change in flight has committed by now.
  const target = await sqlOf(tx).selectFrom('users').select('role').where('telegram_id', '=', targetId).executeTakeFirst();
  if (actor && target && target.role !== 'USER' && actor.role !== 'ADMIN') throw new AppError('FORBIDDEN', ADMIN_MESSAGES.staffBanByAdmin);
}
