import type { EntityManager } from '@mikro-orm/postgresql';
import { imagePath } from '../../api/contracts/media';
import type { BlacklistEntry } from '../../api/contracts/privacy';
import { canMeet } from '../matching/age-band';
import { VISIBLE_SQL } from '../matching/meet-facts';
import { query } from '../sql';

interface Row {
  blocked_id: string;
  created_at: Date;
  display_name: string | null;
  birth_date: string | null;
  shown: boolean;
  photo: string | null;
}

export const BLACKLIST_LIMIT = 500;

/** Whether the blocked person's name and photo may be shown: what the age and visibility rules would show apart from the block. */
const mayShow = (row: Row, myBirth: string | null, now: Date) => row.shown && myBirth !== null && row.birth_date !== null && canMeet(myBirth, row.birth_date, now);

/**
 * The user's blacklist, newest first, kept by Telegram id even when the blocked account is gone (it may come back).
 * A name and photo only while the age and visibility rules allow them, the profile's display name, never Telegram's
 * names nor the @username (AMENDMENTS §2.6, §4.3); otherwise the entry is anonymous but can still be lifted.
 */
export async function blacklistOf(em: EntityManager, userId: number, now = new Date()): Promise<{ entries: BlacklistEntry[]; total: number }> {
  const rows = await query<Row>(
    em,
    `SELECT b.blocked_id, b.created_at, p.display_name, to_char(p.birth_date, 'YYYY-MM-DD') AS birth_date,
            (p.user_telegram_id IS NOT NULL AND ${VISIBLE_SQL} AND NOT coalesce(u.is_banned, true)) AS shown,
            (SELECT ph.image_id FROM photos ph WHERE ph.owner_telegram_id = b.blocked_id AND ph.status = 'APPROVED' ORDER BY ph.position LIMIT 1) AS photo
       FROM blocks b LEFT JOIN users u ON u.telegram_id = b.blocked_id LEFT JOIN profiles p ON p.user_telegram_id = b.blocked_id
      WHERE b.blocker_id = ? ORDER BY b.created_at DESC, b.blocked_id LIMIT ?`,
    [userId, BLACKLIST_LIMIT],
  );
  const [mine] = await query<{ birth_date: string | null; n: string }>(
    em,
    `SELECT (SELECT to_char(birth_date, 'YYYY-MM-DD') FROM profiles WHERE user_telegram_id = ?) AS birth_date, (SELECT count(*) FROM blocks WHERE blocker_id = ?) AS n`,
    [userId, userId],
  );
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
