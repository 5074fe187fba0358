import type { EntityManager } from '@mikro-orm/postgresql';
import { sql, type SqlBool } from 'kysely';
import { imagePath } from '../../contracts/media';
import type { BlacklistEntry } from '../../contracts/privacy';
import { canMeet } from '../matching/age-band';
import { isVisibleProfile } from '../matching/meet-facts';
import { sqlOf } from '../kysely';

const BLACKLIST_LIMIT = 500;

/** Whether the blocked person's name and photo may be shown: what the age and visibility rules would show apart from the block. */
const mayShow = (row: { shown: SqlBool; birth_date: string | null }, myBirth: string | null, now: Date) =>
  row.shown === true && myBirth !== null && row.birth_date !== null && canMeet(myBirth, row.birth_date, now);

/**
 * The user's blacklist, newest first, kept by Telegram id even when the blocked account is gone (it may come back).
 * A name and photo only while the age and visibility rules allow them, the profile's display name, never Telegram's
 * names nor the @username (AMENDMENTS §2.6, §4.3); otherwise the entry is anonymous but can still be lifted.
 */
export async function blacklistOf(
  em: EntityManager,
  userId: number,
  now = new Date(),
): Promise<{ entries: BlacklistEntry[]; total: number }> {
  const db = sqlOf(em);
  const rows = await db
    .selectFrom('blocks as b')
    .leftJoin('users as u', 'u.telegram_id', 'b.blocked_id')
    .leftJoin('profiles as p', 'p.user_telegram_id', 'b.blocked_id')
    .select((eb) => [
      'b.blocked_id',
      'b.created_at',
      'p.display_name',
      sql<string | null>`to_char(p.birth_date, 'YYYY-MM-DD')`.as('birth_date'),
      // The feed's visibility rule (db/matching's isVisibleProfile) decides whether the name and photo show.
      eb
        .and([eb('p.user_telegram_id', 'is not', null), isVisibleProfile(eb), eb.not(eb.fn.coalesce('u.is_banned', sql.lit(true)))])
        .as('shown'),
      eb
        .selectFrom('photos as ph')
        .select('ph.image_id')
        .whereRef('ph.owner_telegram_id', '=', 'b.blocked_id')
        .where('ph.status', '=', 'APPROVED')
        .orderBy('ph.position')
        .limit(1)
        .as('photo'),
    ])
    .where('b.blocker_id', '=', userId)
    .orderBy('b.created_at', 'desc')
    .orderBy('b.blocked_id')
    .limit(BLACKLIST_LIMIT)
    .execute();
  const mine = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('profiles')
        .select(sql<string>`to_char(birth_date, 'YYYY-MM-DD')`.as('birth_date'))
        .where('user_telegram_id', '=', userId)
        .as('birth_date'),
      eb
        .selectFrom('blocks')
        .select((sub) => sub.fn.countAll().as('n'))
        .where('blocker_id', '=', userId)
        .as('n'),
    ])
    .executeTakeFirst();
  const entries = rows.map((r) => {
    const shown = mayShow(r, mine?.birth_date ?? null, now);
    return {
      id: String(r.blocked_id),
      username: null,
      firstName: shown ? r.display_name : null,
      lastName: null,
      displayName: shown ? r.display_name : null,
      photoUrl: shown && r.photo ? imagePath(r.photo, 'profile', { w: 128 }) : null,
      blockedAt: new Date(r.created_at).toISOString(),
    };
  });
  return { entries, total: Number(mine?.n ?? 0) };
}
