import type { EntityManager } from '@mikro-orm/postgresql';
import { imagePath } from '../../contracts/media';
import type { UserListEntry, UsersQuery } from '../../contracts/users-list';
import { sql } from 'kysely';
import { readSqlOf } from '../kysely';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The users joined to their profiles, `q` applied: digits match an id (or a username containing them); anything else a name or @username, case-insensitively. */
function matching(em: EntityManager, q: string | undefined) {
  // Browse-only and heavy: a replica may answer (replica rule in db/kysely.ts).
  const from = readSqlOf(em).selectFrom('users as u').leftJoin('profiles as p', 'p.user_telegram_id', 'u.telegram_id');
  if (!q) return from;
  const term = q.replace(/^@/, '');
  const like = `%${escapeLike(term)}%`;
  return from.where((eb) => {
    const byName = eb.or([
      eb('u.username', 'ilike', like),
      eb('u.first_name', 'ilike', like),
      eb('u.last_name', 'ilike', like),
      eb('p.display_name', 'ilike', like),
    ]);
    // The id as text, cast by Postgres: 17 or 18 digits would lose precision as a JS number.
    return /^\d{1,18}$/.test(term) ? eb.or([eb('u.telegram_id', '=', sql<number>`${term}::bigint`), byName]) : byName;
  });
}

type Row = Awaited<ReturnType<typeof listPage>>[number];

function listPage(em: EntityManager, q: UsersQuery) {
  return matching(em, q.q)
    .select((eb) => [
      'u.telegram_id',
      'u.username',
      'u.first_name',
      'u.last_name',
      'u.role',
      'u.created_at',
      'u.custom_photo_url',
      'u.photo_url',
      'u.is_banned',
      'u.ban_reason',
      'u.banned_at',
      'p.display_name',
      'p.city',
      'p.initial_moderation_status',
      eb
        .selectFrom('photos as ph')
        .select('ph.image_id')
        .whereRef('ph.owner_telegram_id', '=', 'u.telegram_id')
        .where('ph.status', '=', 'APPROVED')
        .orderBy('ph.position')
        .limit(1)
        .as('first_photo'),
    ])
    .orderBy('u.created_at', 'desc')
    .orderBy('u.telegram_id', 'desc')
    .limit(q.limit)
    .offset((q.page - 1) * q.limit)
    .execute();
}

// Bigints and timestamps come back as text (MikroORM's pg type parsers): Number() and new Date() either way.
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
  profile:
    r.display_name === null
      ? null
      : { displayName: r.display_name, city: r.city ?? '', initialModerationStatus: r.initial_moderation_status ?? 'PENDING' },
});

/** Newest accounts first, with the profile summary and an avatar (custom, first approved photo, or Telegram's). */
export async function listUsers(em: EntityManager, q: UsersQuery): Promise<{ users: UserListEntry[]; total: number }> {
  const count = await matching(em, q.q)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirst();
  const rows = await listPage(em, q);
  return { users: rows.map(toEntry), total: Number(count?.n ?? 0) };
}
