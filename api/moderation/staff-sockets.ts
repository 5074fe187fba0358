import type { EntityManager } from '@mikro-orm/postgresql';
import { User } from '../../db/users/user.entity';
import type { Hub } from '../realtime/hub';

const STAFF = ['MODERATOR', 'ADMIN'] as const;

/**
 * The staff holding a socket on this process, with their role as it is now (read at each push, so a demoted
 * user stops hearing at once); empty without a database read when nobody is connected here.
 */
export async function localStaff(em: EntityManager, hub: Hub): Promise<User[]> {
  const here = hub.localUsers();
  if (here.length === 0) return [];
  return em.find(User, { telegramId: { $in: here }, role: { $in: [...STAFF] } });
}

export const isStaff = (user: Pick<User, 'role'> | null) => user !== null && (STAFF as readonly string[]).includes(user.role);

/** Reports about staff go to admins only, and nobody hears of reports about themselves (report-visibility.ts). */
export function maySeeReportAbout(viewer: User, reported: User | null, reportedUserId: number): boolean {
  if (viewer.telegramId === reportedUserId) return false;
  return viewer.role === 'ADMIN' || !isStaff(reported);
}
