import type { EntityManager } from '@mikro-orm/postgresql';
import { User } from './user.entity';

/**
 * Records whether the bot may write to the user: the mini app's requestWriteAccess answer, or true once the user wrote
 * to (or started) the bot. Through the ORM, so the users row's cached copies are evicted ('user.changed'); a user
 * with no account yet has nothing to record.
 */
export async function recordWriteAccess(em: EntityManager, userId: number, allowed: boolean): Promise<boolean | null> {
  const user = await em.findOne(User, { telegramId: userId });
  if (!user) return null;
  if (user.writeAccess !== allowed) {
    user.writeAccess = allowed;
    await em.flush();
  }
  return allowed;
}

/** Null when the user never answered and never wrote to the bot. */
export async function loadWriteAccess(em: EntityManager, userId: number): Promise<boolean | null> {
  const user = await em.findOne(User, { telegramId: userId }, { fields: ['writeAccess'] });
  return user?.writeAccess ?? null;
}
