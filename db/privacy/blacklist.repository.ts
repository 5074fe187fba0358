import type { EntityManager } from '@mikro-orm/postgresql';
import { imagePath } from '../../api/contracts/media';
import type { BlacklistEntry } from '../../api/contracts/privacy';
import { query } from '../sql';

interface Row {
  blocked_id: string;
  created_at: Date;
  display_name: string | null;
  username: string | null;
  photo: string | null;
}

export const BLACKLIST_LIMIT = 500;

/**
 * The user's blacklist, newest first. Names are the profile's display name, never Telegram's (AMENDMENTS §2.6);
 * the @username only when the pair once matched (as likes history shows it), since a block must not hand it out.
 */
export async function blacklistOf(em: EntityManager, userId: number): Promise<{ entries: BlacklistEntry[]; total: number }> {
  const rows = await query<Row>(
    em,
    `SELECT b.blocked_id, b.created_at, p.display_name,
            CASE WHEN EXISTS (SELECT 1 FROM matches m WHERE m.user_low_id = LEAST(b.blocker_id, b.blocked_id) AND m.user_high_id = GREATEST(b.blocker_id, b.blocked_id))
                 THEN u.username END AS username,
            (SELECT ph.image_id FROM photos ph WHERE ph.owner_telegram_id = b.blocked_id AND ph.status = 'APPROVED' ORDER BY ph.position LIMIT 1) AS photo
       FROM blocks b JOIN users u ON u.telegram_id = b.blocked_id LEFT JOIN profiles p ON p.user_telegram_id = b.blocked_id
      WHERE b.blocker_id = ? ORDER BY b.created_at DESC, b.blocked_id LIMIT ?`,
    [userId, BLACKLIST_LIMIT],
  );
  const [count] = await query<{ n: string }>(em, 'SELECT count(*) AS n FROM blocks WHERE blocker_id = ?', [userId]);
  const entries = rows.map((r) => ({
    id: String(r.blocked_id),
    username: r.username,
    firstName: r.display_name,
    lastName: null,
    displayName: r.display_name,
    photoUrl: r.photo ? imagePath(r.photo, 'profile', { w: 128 }) : null,
    blockedAt: new Date(r.created_at).toISOString(),
  }));
  return { entries, total: Number(count?.n ?? 0) };
}
