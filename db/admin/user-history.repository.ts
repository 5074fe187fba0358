import type { EntityManager } from '@mikro-orm/postgresql';
import { auditActionLabel, type UserDetails } from '../../contracts/admin';
import { sqlOf } from '../kysely';

const HISTORY_LIMIT = 100;
// Audit entries about a user name them as the target: actions on the account, and browser edits of their rows.
const USER_TARGET_TYPES = ['user', 'User', 'Profile', 'UserSettings'];

/** The user's audit entries, newest first, with their human labels. */
export async function userHistory(em: EntityManager, userId: number): Promise<UserDetails['history']> {
  const rows = await sqlOf(em)
    .selectFrom('audit_log')
    .select(['id', 'at', 'action', 'actor_id', 'details'])
    .where('target_id', '=', String(userId))
    .where('target_type', 'in', USER_TARGET_TYPES)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(HISTORY_LIMIT)
    .execute();
  // Bigints and timestamps come back as text (MikroORM's pg type parsers): Number() and new Date() either way.
  return rows.map((r) => ({
    id: Number(r.id),
    at: new Date(r.at).toISOString(),
    action: r.action,
    label: auditActionLabel(r.action),
    actorId: r.actor_id === null ? null : Number(r.actor_id),
    details: r.details ?? {},
  }));
}
