import type { EntityManager } from '@mikro-orm/postgresql';
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import { sqlOf, type Database } from '../kysely';
import { PREPARE_MARK } from '../../platform/postgres/prepared-statements';
import { compiledOnce, slot } from '../compiled-once';

/** What the age and visibility rules need to know about one user. */
export interface MeetFacts {
  telegramId: number;
  isBanned: boolean;
  birthDate: string | null;
  /** May browse, like and chat: base approved and a description submitted or approved. */
  canBrowse: boolean;
}

/** A query where `p` is a profiles row (the helpers below read only `p`, plus whole tables in subqueries). */
export type WithProfile = ExpressionBuilder<Database & { p: Database['profiles'] }, 'p'>;

/**
 * The profile `p` is shown to others: base and description both approved. Literals, not parameters: the feed's
 * partial indexes have this condition, and a generic plan can use them only when the query states it as written.
 */
export const isVisibleProfile = (eb: WithProfile): Expression<SqlBool> =>
  eb.and([
    eb('p.initial_moderation_status', '=', sql.lit('APPROVED' as const)),
    eb('p.description_moderation_status', '=', sql.lit('APPROVED' as const)),
  ]);

const meetFactsQuery = (db: Kysely<Database>, ids: readonly number[]) =>
  db
    .selectFrom('users as u')
    .leftJoin('profiles as p', 'p.user_telegram_id', 'u.telegram_id')
    .select(['u.telegram_id', 'u.is_banned', 'p.birth_date', 'p.initial_moderation_status', 'p.description_moderation_status'])
    .where('u.telegram_id', 'in', ids)
    // One user's (before every swipe and view): prepared, its plan kept (issue 42).
    .$if(ids.length === 1, (q) => q.modifyEnd(sql.raw(PREPARE_MARK)));

// One user's: compiled once (issue 42); other lengths are built per call.
const ONE_USER = compiledOnce({ id: slot.number() }, (db, v) => meetFactsQuery(db, [v.id]));

export async function loadMeetFacts(em: EntityManager, ids: readonly number[]): Promise<Map<number, MeetFacts>> {
  if (ids.length === 0) return new Map();
  const db = sqlOf(em);
  const rows = ids.length === 1 ? await ONE_USER.rows(db, { id: ids[0]! }) : await meetFactsQuery(db, ids).execute();
  return new Map(
    rows.map((r) => {
      const base = r.initial_moderation_status === 'APPROVED';
      const desc = r.description_moderation_status;
      const facts: MeetFacts = {
        // bigint comes back from the driver as a string.
        telegramId: Number(r.telegram_id),
        isBanned: r.is_banned,
        birthDate: r.birth_date,
        canBrowse: base && (desc === 'APPROVED' || desc === 'PENDING'),
      };
      return [facts.telegramId, facts];
    }),
  );
}
