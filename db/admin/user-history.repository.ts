import type { EntityManager } from '@mikro-orm/postgresql';
import { auditActionLabel, type UserDetails } from '../../api/contracts/admin';
import { query } from '../sql';

export const HISTORY_LIMIT = 100;
// Audit entries about a user name them as the target: actions on the account, and browser edits of their rows.
const USER_TARGET_TYPES = `'user', 'User', 'Profile', 'UserSettings'`;

interface Row {
  id: string;
  at: Date;
  action: string;
  actor_id: string | null;
  details: Record<string, unknown> | null;
}

/** The user's audit entries, newest first, with their human labels. */
export async function userHistory(em: EntityManager, userId: number): Promise<UserDetails['history']> {
  const rows = await query<Row>(
    em,
    `SELECT id, at, action, actor_id, details FROM audit_log
      WHERE target_id = ? AND target_type IN (${USER_TARGET_TYPES}) ORDER BY at DESC, id DESC LIMIT ?`,
    [String(userId), HISTORY_LIMIT],
  );
  return rows.map((r) => ({
    id: Number(r.id),
    at: new Date(r.at).toISOString(),
    action: r.action,
    label: auditActionLabel(r.action),
    actorId: r.actor_id === null ? null : Number(r.actor_id),
    details: r.details ?? {},
  }));
}
