/*
 * Feed cursors: where the viewer's last walk of one place stopped, so a heavy swiper's next profile does not
 * cost a walk over everyone they already swiped (npm run bench:feed, "10k given, city head").
 *
 * A cursor (viewer, place, band, activeAt, computedAt) says: at computedAt, every candidate of that place more
 * recently active than activeAt was already swiped by the viewer or not showable to them. It stays true while
 *   - a profile becomes showable only with a fresh active_at (triggers of Migration20261122022646: approval,
 *     unban, a new place or birth date set active_at to the clock), and fresh profiles are walked from the top
 *     (the head: active_at after computedAt − MARGIN);
 *   - a profile becomes showable to one viewer only through a reset of that viewer (a block lifted on either
 *     side, their own likes deleted): cursors computed before reset_at + MARGIN are void;
 *   - a change of sex or search settings does both: the profile's active_at is refreshed and its owner reset
 *     (trigger of Migration20261127110000), as it may let others in and the owner see others;
 *   - the band is the one it was computed for (it moves with birthdays).
 * MARGIN covers transactions still open when a walk's snapshot was taken (they commit with an earlier clock);
 * MAX_AGE bounds whatever else might slip through (a profile inserted already approved, a hand edit in SQL).
 */
import {
  sql,
  type AliasedSelectQueryBuilder,
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type RawBuilder,
  type SqlBool,
} from 'kysely';
import type { Database } from '../kysely';
import { isCandidate, ONE, type FeedParams } from './feed-candidate';

/** The cursor of the "anywhere" walk (places start at 1). */
export const ANYWHERE = 0;
const MARGIN = sql`interval '30 seconds'`;
const MAX_AGE = sql`interval '1 hour'`;
/** An unchanged cursor is rewritten this often, to keep its head short. */
const REFRESH = sql`interval '10 minutes'`;

type Timestamp = Date | string;
/** `t - interval` (interval arithmetic has no typed builder form). */
const before = (t: Expression<Timestamp | null> | RawBuilder<Timestamp>, interval: RawBuilder<unknown>) =>
  sql<Timestamp>`${t} - ${interval}`;
const NOW = sql<Timestamp>`now()`;
/** A walk that reached its place's end. */
export const NEVER = sql<Timestamp>`CAST('-infinity' AS timestamptz)`;

/** The viewer's cursors that may be trusted now, as `cur`-shaped rows (place_id, active_at, computed_at). */
export const validCursors = (db: Kysely<Database>, v: FeedParams) =>
  db
    .selectFrom('feed_cursors as c')
    .select(['c.place_id', 'c.active_at', 'c.computed_at'])
    .where('c.viewer_id', '=', v.me)
    .where('c.band_from', '=', v.from)
    .where('c.band_to', '=', v.to)
    .where('c.computed_at', '>', before(NOW, MAX_AGE))
    .where((eb) =>
      eb(
        'c.computed_at',
        '>',
        sql<Timestamp>`${eb.fn.coalesce(eb.selectFrom('feed_resets as r').select('r.reset_at').where('r.viewer_id', '=', v.me), NEVER)} + ${MARGIN}`,
      ),
    );

/** A row of `cur` (validCursors). */
interface Cursor {
  place_id: number | string;
  active_at: Timestamp;
  computed_at: Timestamp;
}
/** A query where `cur` is left-joined: all null when the viewer has no cursor for the place. */
export type WithCursor = ExpressionBuilder<Database & { cur: { [C in keyof Cursor]: Cursor[C] | null } }, 'cur'>;

/**
 * The first candidate of one walk (of the place `place`, or of everyone when null) given its cursor `cur`. With a
 * cursor: the head, then onward from the cursor (inclusive: ties of active_at are walked again); both are short,
 * so each row probes the likes index instead of hashing every swipe first. Without one: the full walk with the
 * hash. `head` tells whether the answer came from the head.
 */
export const resumeWalk = (eb: WithCursor, v: FeedParams, place: Expression<number | string> | null) => {
  const walk = () => {
    const profiles = eb.selectFrom('profiles as p').select(['p.user_telegram_id as id', 'p.active_at']);
    return place === null ? profiles : profiles.where('p.place_id', '=', place);
  };
  // OFFSET 0 keeps this a per-row primary-key probe: as an anti-join, a cached generic plan (which assumes an
  // average viewer with a few swipes) would scan all the viewer's likes for every row.
  const unswiped = (p: ExpressionBuilder<Database & { p: Database['profiles'] }, 'p'>) =>
    p.not(
      p.exists(
        p
          .selectFrom('likes as s')
          .select(p.lit(1).as('one'))
          .where('s.from_id', '=', v.me)
          .whereRef('s.to_id', '=', 'p.user_telegram_id')
          .offset(sql.lit(0)),
      ),
    );
  const head = walk()
    .select(sql.lit<boolean>(true).as('head'))
    .where('p.active_at', '>', before(eb.ref('cur.computed_at'), MARGIN))
    .where((p) => isCandidate(p, v, false))
    .where(unswiped)
    .orderBy('p.active_at', 'desc')
    .limit(ONE);
  const onward = walk()
    .select(sql.lit<boolean>(false).as('head'))
    .where('cur.place_id', 'is not', null)
    .where('p.active_at', '<=', eb.ref('cur.active_at'))
    .where((p) => isCandidate(p, v, false))
    .where(unswiped)
    .orderBy('p.active_at', 'desc')
    .limit(ONE);
  const fromTop = walk()
    .select(sql.lit<boolean>(false).as('head'))
    .where('cur.place_id', 'is', null)
    .where((p) => isCandidate(p, v, true))
    .orderBy('p.active_at', 'desc')
    .limit(ONE);
  // Each branch keeps its own ORDER BY and LIMIT: the later ones in parentheses, the first as a subquery (a
  // query builder's first set operand cannot be parenthesized; PostgreSQL plans the two forms alike).
  return eb.selectFrom(head.as('h')).selectAll('h').unionAll(eb.parens(onward)).unionAll(eb.parens(fromTop)).limit(ONE);
};

/** What one walk saw of a place: a place walked to its end has -infinity, `head` tells an answer from the head. */
interface Walked {
  place_id: number | string;
  active_at: Timestamp;
  head: SqlBool;
}

/**
 * Moves the cursors of the walked places (`walked`): a place walked to its end gets -infinity, the place of the
 * answer its active_at, unless the answer came from the head (the rest of the head was not walked, so that cursor
 * stays). Writes only what changed, or cursors older than REFRESH.
 */
export const saveCursors = (db: Kysely<Database>, v: FeedParams, walked: AliasedSelectQueryBuilder<Walked, 'w'>) =>
  db
    .withTables<{ cur: Cursor }>()
    .insertInto('feed_cursors')
    .columns(['viewer_id', 'place_id', 'band_from', 'band_to', 'active_at', 'computed_at'])
    .expression((eb) => {
      type WalkedRow = ExpressionBuilder<Database & { w: Walked; cur: Cursor }, 'w' | 'cur'>;
      // The card on screen (`skip`) was left out of this walk, not swiped: a cursor never passes it, or an app opened
      // again without a swipe would not be shown it (ties are walked again, so it comes back while unswiped).
      const upTo = (w: WalkedRow) =>
        sql<Timestamp>`greatest(${w.ref('w.active_at')}, ${w.fn.coalesce(
          w
            .selectFrom('profiles as k')
            .select('k.active_at')
            .where('k.user_telegram_id', '=', v.skip)
            .where((k) => k.or([k(k.ref('w.place_id'), '=', sql.lit(ANYWHERE)), k('k.place_id', '=', k.ref('w.place_id'))])),
          NEVER,
        )})`;
      return eb
        .selectFrom(walked)
        .leftJoin('cur', 'cur.place_id', 'w.place_id')
        .select((w) => [
          w.val(v.me).as('viewer_id'),
          'w.place_id',
          w.val(v.from).as('band_from'),
          w.val(v.to).as('band_to'),
          upTo(w).as('active_at'),
          NOW.as('computed_at'),
        ])
        .where((w) => w.not(w.ref('w.head')))
        .where((w) =>
          w.or([w('cur.place_id', 'is', null), w('cur.active_at', '<>', upTo(w)), w('cur.computed_at', '<', before(NOW, REFRESH))]),
        );
    })
    .onConflict((oc) =>
      oc.columns(['viewer_id', 'place_id']).doUpdateSet((eb) => ({
        band_from: eb.ref('excluded.band_from'),
        band_to: eb.ref('excluded.band_to'),
        active_at: eb.ref('excluded.active_at'),
        computed_at: eb.ref('excluded.computed_at'),
      })),
    );
