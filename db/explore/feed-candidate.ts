import { sql, type Expression, type SqlBool } from 'kysely';
import { isVisiblePeer, type PeerViewer } from '../matching/visible-peer';
import type { WithProfile } from '../matching/meet-facts';
import type { Sex } from '../../contracts/profile-fields';
import type { SearchShow } from '../../contracts/search-settings';

/**
 * Who asks for the feed: the viewer with their age band, their place (-1: none), the card not to offer (-1: none), and
 * their own sex and search settings (read with their row: the feed's statements do not read it again, issue 42).
 */
export interface FeedParams extends Omit<PeerViewer, 'search'> {
  from: string;
  to: string;
  place: number;
  skip: number;
  sex: Sex | null;
  show: SearchShow | null;
  lookingFor: string[] | null;
}

/** Every LIMIT of the feed's queries is a literal, as it was written: the plans are costed for the one row wanted. */
export const ONE = sql.lit(1);

/**
 * Shared by every branch: `p` is visible, in band, not me, not banned, not blocked either way, both pass each
 * other's search settings, and (excludeSeen) not swiped by the viewer yet.
 */
export const isCandidate = (eb: WithProfile, v: FeedParams, excludeSeen: boolean): Expression<SqlBool> =>
  eb.and([
    isVisiblePeer(eb, { ...v, search: { sex: v.sex, show: v.show, lookingFor: v.lookingFor } }),
    eb('p.user_telegram_id', '<>', v.me),
    eb('p.user_telegram_id', '<>', v.skip),
    // The viewer's swipes are hashed once per query (to_id is NOT NULL, so NOT IN means NOT EXISTS): skipping a
    // seen candidate costs a probe, not an index descent.
    ...(excludeSeen
      ? [eb('p.user_telegram_id', 'not in', eb.selectFrom('likes as s').select('s.to_id').where('s.from_id', '=', v.me))]
      : []),
  ]);
