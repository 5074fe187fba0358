import type { EntityManager } from '@mikro-orm/postgresql';
import { query } from '../sql';

/** What the age and visibility rules need to know about one user. */
export interface MeetFacts {
  telegramId: number;
  isBanned: boolean;
  birthDate: string | null;
  /** Shown to others: base and description both approved. */
  isVisible: boolean;
  /** May browse, like and chat: base approved and a description submitted or approved. */
  canBrowse: boolean;
}

interface Row {
  telegram_id: string;
  is_banned: boolean;
  birth_date: string | null;
  initial_moderation_status: string | null;
  description_moderation_status: string | null;
}

export const VISIBLE_SQL = `p.initial_moderation_status = 'APPROVED' AND p.description_moderation_status = 'APPROVED'`;

export async function loadMeetFacts(em: EntityManager, ids: readonly number[]): Promise<Map<number, MeetFacts>> {
  if (ids.length === 0) return new Map();
  const rows: Row[] = await query(em, 
    `SELECT u.telegram_id, u.is_banned, to_char(p.birth_date, 'YYYY-MM-DD') AS birth_date, p.initial_moderation_status, p.description_moderation_status
       FROM users u LEFT JOIN profiles p ON p.user_telegram_id = u.telegram_id
      WHERE u.telegram_id = ANY(string_to_array(?, ',')::bigint[])`,
    [ids.join(',')],
  );
  return new Map(
    rows.map((r) => {
      const base = r.initial_moderation_status === 'APPROVED';
      const desc = r.description_moderation_status;
      const facts: MeetFacts = {
        telegramId: Number(r.telegram_id),
        isBanned: r.is_banned,
        birthDate: r.birth_date,
        isVisible: base && desc === 'APPROVED',
        canBrowse: base && (desc === 'APPROVED' || desc === 'PENDING'),
      };
      return [facts.telegramId, facts];
    }),
  );
}

/** True when either user has blocked the other. */
export async function isBlockedEitherWay(em: EntityManager, a: number, b: number): Promise<boolean> {
  const rows: unknown[] = await query(em, 
    'SELECT 1 FROM blocks WHERE (blocker_id = ? AND blocked_id = ?) OR (blocker_id = ? AND blocked_id = ?) LIMIT 1',
    [a, b, b, a],
  );
  return rows.length > 0;
}
