import type { EntityManager } from '@mikro-orm/postgresql';
import { User } from '../users/user.entity';

/**
 * Whose reports a viewer may not see: reports about themselves (nobody judges their own case, nor learns who
 * reported them), and for moderators every report about a moderator or admin (those go to admins only).
 */
export async function reportedHiddenFrom(em: EntityManager, viewer: Pick<User, 'telegramId' | 'role'>): Promise<number[]> {
  if (viewer.role === 'ADMIN') return [viewer.telegramId];
  const staff = await em.find(User, { role: { $in: ['MODERATOR', 'ADMIN'] } }, { fields: ['telegramId'] });
  return [...new Set([viewer.telegramId, ...staff.map((u) => u.telegramId)])];
}
