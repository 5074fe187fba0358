import type { EntityManager } from '@mikro-orm/postgresql';
import type { LaunchUser } from '../../api/contracts/user';
import { User, type Role } from './user.entity';

// Shown to the minute; writing it on every request made each authenticated read a transaction (scripts/bench.ts).
export const LAST_SEEN_RESOLUTION_MS = 60_000;

/** The user as a managed entity: one raw primary-key read, a fraction of em.findOne's CPU on this every-request path. */
async function loadUser(em: EntityManager, telegramId: number): Promise<User | null> {
  const [row] = await em.execute('SELECT * FROM users WHERE telegram_id = ?', [telegramId]);
  return row ? em.map(User, row) : null;
}

/** Creates the user on first sight or refreshes the Telegram fields; admins from ADMIN_IDS are promoted. Writes only what changed. */
export async function upsertFromLaunchUser(em: EntityManager, launch: LaunchUser, adminIds: readonly number[] = []): Promise<User> {
  const fields = {
    username: launch.username ?? null,
    firstName: launch.first_name ?? null,
    lastName: launch.last_name ?? null,
    languageCode: launch.language_code ?? null,
    isPremium: launch.is_premium ?? false,
    photoUrl: launch.photo_url ?? null,
  };
  let user = await loadUser(em, launch.id);
  const now = new Date();
  if (!user) {
    user = em.create(User, { telegramId: launch.id, ...fields, role: adminIds.includes(launch.id) ? 'ADMIN' : 'USER', lastSeenAt: now });
  } else {
    const known = user;
    if ((Object.keys(fields) as (keyof typeof fields)[]).some((key) => known[key] !== fields[key])) em.assign(user, fields);
    if (!user.lastSeenAt || now.getTime() - user.lastSeenAt.getTime() >= LAST_SEEN_RESOLUTION_MS) user.lastSeenAt = now;
  }
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
