import type { EntityManager } from '@mikro-orm/postgresql';
import { ADMIN_MESSAGES } from '../../contracts/admin';
import { AppError, MESSAGES } from '../../contracts/errors';
import { User } from '../users/user.entity';
import type { Actor } from '../users/session-user';
import { isAdmin, isModerator } from '../users/users.service';

/** Checked again in every admin service, whatever the caller did: the role stored in the database decides. */
export function assertAdmin(actor: Actor): void {
  if (!isAdmin(actor.role) || actor.isBanned) throw new AppError('FORBIDDEN', MESSAGES.forbidden);
}

/** Birth dates: admins for anyone, moderators for ordinary users only (never their own or another staff member's). */
export function mayCorrectBirthDate(actor: Actor, target: Pick<User, 'role'>): boolean {
  if (actor.isBanned) return false;
  return isAdmin(actor.role) || (isModerator(actor.role) && target.role === 'USER');
}

/** The admin's target, or 404 'Пользователь не найден'. */
export async function findTarget(em: EntityManager, telegramId: number): Promise<User> {
  const user = await em.findOne(User, { telegramId });
  if (!user) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.userNotFound);
  return user;
}
