import { VISIBLE_SQL } from '../matching/meet-facts';

/**
 * SQL condition: the user `p` (a profiles row) may be shown to :me now —
 * visible, in :me's age band (:from–:to birth dates), not banned, not blocked either way.
 */
export const PEER_VISIBLE_SQL = `${VISIBLE_SQL}
  AND p.birth_date BETWEEN :from AND :to
  AND NOT EXISTS (SELECT 1 FROM users u WHERE u.telegram_id = p.user_telegram_id AND u.is_banned)
  AND NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = :me AND b.blocked_id = p.user_telegram_id) OR (b.blocker_id = p.user_telegram_id AND b.blocked_id = :me))`;
