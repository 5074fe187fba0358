import type { EntityManager } from '@mikro-orm/postgresql';
import { imagePath } from '../../api/contracts/media';
import type { UserListEntry, UsersQuery } from '../../api/contracts/users-list';
import type { RoleName } from '../../api/contracts/user';
import { readQuery } from '../sql';

interface Row {
  telegram_id: string;
  username: string | null;
  first_name: string | null;
  last_name: string | null;
  role: RoleName;
  created_at: Date;
  custom_photo_url: string | null;
  photo_url: string | null;
  first_photo: string | null;
  is_banned: boolean;
  ban_reason: string | null;
  banned_at: Date | null;
  display_name: string | null;
  city: string | null;
  initial_moderation_status: string | null;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `q`: digits match an id (or a username containing them); anything else a name or @username, case-insensitively. */
function searchClause(q: string | undefined): { sql: string; params: unknown[] } {
  if (!q) return { sql: 'TRUE', params: [] };
  const term = q.replace(/^@/, '');
  const like = `%${escapeLike(term)}%`;
  const byName = `(u.username ILIKE ? OR u.first_name ILIKE ? OR u.last_name ILIKE ? OR p.display_name ILIKE ?)`;
  if (/^\d{1,18}$/.test(term)) return { sql: `(u.telegram_id = ? OR ${byName})`, params: [term, like, like, like, like] };
  return { sql: byName, params: [like, like, like, like] };
}

const toEntry = (r: Row): UserListEntry => ({
  telegramId: Number(r.telegram_id),
  username: r.username,
  firstName: r.first_name,
  lastName: r.last_name,
  role: r.role,
  createdAt: new Date(r.created_at).toISOString(),
  avatarUrl: r.custom_photo_url ?? (r.first_photo ? imagePath(r.first_photo, 'profile', { w: 128 }) : r.photo_url),
  isBanned: r.is_banned,
  banReason: r.ban_reason,
  bannedAt: r.banned_at ? new Date(r.banned_at).toISOString() : null,
  profile: r.display_name === null ? null : { displayName: r.display_name, city: r.city ?? '', initialModerationStatus: r.initial_moderation_status ?? 'PENDING' },
});

/** Newest accounts first, with the profile summary and an avatar (custom, first approved photo, or Telegram's). */
export async function listUsers(em: EntityManager, q: UsersQuery): Promise<{ users: UserListEntry[]; total: number }> {
  const search = searchClause(q.q);
  const from = `FROM users u LEFT JOIN profiles p ON p.user_telegram_id = u.telegram_id WHERE ${search.sql}`;
  // Browse-only and heavy: a replica may answer (replica rule in db/sql.ts).
  const [count] = await readQuery<{ n: string }>(em, `SELECT count(*) AS n ${from}`, search.params);
  const rows = await readQuery<Row>(
    em,
    `SELECT u.telegram_id, u.username, u.first_name, u.last_name, u.role, u.created_at, u.custom_photo_url, u.photo_url,
            u.is_banned, u.ban_reason, u.banned_at, p.display_name, p.city, p.initial_moderation_status,
            (SELECT ph.image_id FROM photos ph WHERE ph.owner_telegram_id = u.telegram_id AND ph.status = 'APPROVED' ORDER BY ph.position LIMIT 1) AS first_photo
       ${from} ORDER BY u.created_at DESC, u.telegram_id DESC LIMIT ? OFFSET ?`,
    [...search.params, q.limit, (q.page - 1) * q.limit],
  );
  return { users: rows.map(toEntry), total: Number(count?.n ?? 0) };
}
