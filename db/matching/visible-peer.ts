import type { Expression, SqlBool } from 'kysely';
import { isVisibleProfile, type WithProfile } from './meet-facts';
import { matchesSearch, type ViewerSearch } from './search-match';

/**
 * Who asks (`me`) and the birth dates (inclusive, YYYY-MM-DD) of their age band (meetableBirthRange), as values or,
 * where the statement reads the band itself (the likes badge), as its columns.
 */
export interface PeerViewer {
  me: number;
  from: string | Expression<string>;
  to: string | Expression<string>;
  /** The viewer's own sex and search settings, where the statement has them (else read from their profile). */
  search?: ViewerSearch;
}

/**
 * The user `p` (a profiles row) may be shown to `me` now: visible, in `me`'s age band, not banned, not blocked
 * either way, and both pass each other's 'Кого показывать' and looking-for filters (AMENDMENTS §5.1).
 */
export const isVisiblePeer = (eb: WithProfile, { me, from, to, search }: PeerViewer): Expression<SqlBool> =>
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
    matchesSearch(eb, me, search),
  ]);
