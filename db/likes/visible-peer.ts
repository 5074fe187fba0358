import type { Expression, SqlBool } from 'kysely';
import { isVisibleProfile, VISIBLE_SQL, type WithProfile } from '../matching/meet-facts';

/** Who asks (`me`) and the birth dates (inclusive, YYYY-MM-DD) of their age band (meetableBirthRange). */
export interface PeerViewer {
  me: number;
  from: string;
  to: string;
}

/**
 * The user `p` (a profiles row) may be shown to `me` now: visible, in `me`'s age band, not banned, not blocked
 * either way.
 */
export const isVisiblePeer = (eb: WithProfile, { me, from, to }: PeerViewer): Expression<SqlBool> =>
  eb.and([
    isVisibleProfile(eb),
    eb.between('p.birth_date', from, to),
    eb.not(
      eb.exists(
        eb
          .selectFrom('users as u')
          .select(eb.lit(1).as('one'))
          .whereRef('u.telegram_id', '=', 'p.user_telegram_id')
          .where((u) => u.ref('u.is_banned')),
      ),
    ),
    eb.not(
      eb.exists(
        eb
          .selectFrom('blocks as b')
          .select(eb.lit(1).as('one'))
          .where((b) =>
            b.or([
              b.and([b('b.blocker_id', '=', me), b('b.blocked_id', '=', b.ref('p.user_telegram_id'))]),
              b.and([b('b.blocker_id', '=', b.ref('p.user_telegram_id')), b('b.blocked_id', '=', me)]),
            ]),
          ),
      ),
    ),
  ]);

/**
 * isVisiblePeer as SQL text with named parameters :me, :from, :to: only for the explore feed's queries
 * (db/feed/feed.repository.ts), still written as text until they move to the builder.
 */
export const PEER_VISIBLE_SQL = `${VISIBLE_SQL}
  AND p.birth_date BETWEEN :from AND :to
  AND NOT EXISTS (SELECT 1 FROM users u WHERE u.telegram_id = p.user_telegram_id AND u.is_banned)
  AND NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = :me AND b.blocked_id = p.user_telegram_id) OR (b.blocker_id = p.user_telegram_id AND b.blocked_id = :me))`;
