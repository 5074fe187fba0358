import type { EntityManager } from '@mikro-orm/postgresql';
import type { LaunchUser } from '../../api/contracts/user';
import { User, type Role } from './user.entity';

/** Creates the user on first sight or refreshes the Telegram fields; admins from ADMIN_IDS are promoted. */
export async function upsertFromLaunchUser(em: EntityManager, launch: LaunchUser, adminIds: readonly number[] = []): Promise<User> {
  const fields = {
    username: launch.username ?? null,
    firstName: launch.first_name ?? null,
    lastName: launch.last_name ?? null,
    languageCode: launch.language_code ?? null,
    isPremium: launch.is_premium ?? false,
    photoUrl: launch.photo_url ?? null,
  };
  let user = await em.findOne(User, { telegramId: launch.id });
  if (!user) {
    user = em.create(User, { telegramId: launch.id, ...fields, role: adminIds.includes(launch.id) ? 'ADMIN' : 'USER' });
  } else {
    em.assign(user, fields);
  }
  user.lastSeenAt = new Date();
  await em.flush();
  return user;
}

/** Makes every listed id an admin (creating bare rows for ids never seen). */
export async function ensureAdmins(em: EntityManager, adminIds: readonly number[]): Promise<void> {
  for (const telegramId of adminIds) {
    const user = await em.findOne(User, { telegramId });
    if (!user) em.create(User, { telegramId, role: 'ADMIN' });
    else user.role = 'ADMIN';
  }
  await em.flush();
}

export const isModerator = (role: Role) => role === 'MODERATOR' || role === 'ADMIN';
export const isAdmin = (role: Role) => role === 'ADMIN';
