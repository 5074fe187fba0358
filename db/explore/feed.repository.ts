import type { EntityManager } from '@mikro-orm/postgresql';
import { sql, type Compilable, type Kysely, type QueryCreator } from 'kysely';
import type { ProfileCard } from '../../contracts/profile-card';
import { cardsFromRows, servedCardOf } from '../profiles/profile-cards';
import { sqlOf, type Database } from '../kysely';
import { meetableBirthRange } from '../matching/age-band';
import { compiledOnce, slot } from '../compiled-once';
import { isCandidate, ONE, type FeedParams } from './feed-candidate';
import { ANYWHERE, NEVER, resumeWalk, saveCursors, validCursors } from './feed-cursors';
import { loadOwnSearch, viewerAsKnown, type OwnSearch } from '../matching/viewer';
import type { Sex } from '../../contracts/profile-fields';
import type { SearchShow } from '../../contracts/search-settings';

export interface FeedViewer {
  telegramId: number;
  birthDate: string;
  placeId: number | null;
  /** Their own sex and search settings, as loadViewer reads them with the row (else read here first). */
  search?: OwnSearch;
}

// A literal, as the partial index likes_pending_index states it.
const LIKE = sql.lit('LIKE' as const);

/** Someone who liked the viewer and is still waiting for an answer: mixed in early. `answered` is the seen rule here (kept by swipe). */
const likedMeQuery = (db: Kysely<Database>, v: FeedParams, excludeSeen = true) => {
  const likes = db
    .selectFrom('likes as l')
    .innerJoin('profiles as p', 'p.user_telegram_id', 'l.from_id')
    .select('p.user_telegram_id as id')
    .where('l.to_id', '=', v.me)
    .where('l.kind', '=', LIKE);
  return (excludeSeen ? likes.where((eb) => eb.not(eb.ref('l.answered'))) : likes)
    .where((eb) => isCandidate(eb, v, false))
    .orderBy('l.created_at', 'desc')
    .limit(ONE);
};

/**
 * The viewer's place first, then the others by distance, as `rk` (1, 2, …): its list in place_neighbours (kept by
 * the trigger of Migration20261129700000), so no card ranks every place again.
 */
const nearestPlaces = (db: Kysely<Database>, place: number) =>
  db
    .selectFrom('place_neighbours as pn')
    // unnest … WITH ORDINALITY has no builder form: the list's ids (column `n`) with their positions (`ordinality`).
    .crossJoinLateral(sql<{ n: number; ordinality: number | string }>`unnest(${sql.ref('pn.nearest')}) with ordinality`.as('n'))
    .select(['n.n as id', 'n.ordinality as rk'])
    .where('pn.place_id', '=', place)
    // In order, so a walk over it (nearestQuery) stops at the first place with someone instead of walking all.
    .orderBy('n.ordinality');

/** Same city first, then the nearest places, each ordered by recent activity (a full walk: the baseline, and what the cursors must agree with). */
const nearestQuery = (db: Kysely<Database>, v: FeedParams, excludeSeen = true) =>
  db
    .with('near', () => nearestPlaces(db, v.place))
    .selectFrom('near')
    .crossJoinLateral((eb) =>
      eb
        .selectFrom('profiles as p')
        .select('p.user_telegram_id as id')
        .whereRef('p.place_id', '=', 'near.id')
        .where((p) => isCandidate(p, v, excludeSeen))
        .orderBy('p.active_at', 'desc')
        .limit(ONE)
        .as('c'),
    )
    .select('c.id')
    .orderBy('near.rk')
    .limit(ONE);

/** Anyone in band, most recently active first (no place, or nothing nearby). */
const anywhereQuery = (db: Kysely<Database>, v: FeedParams, excludeSeen = true) =>
  db
    .selectFrom('profiles as p')
    .select('p.user_telegram_id as id')
    .where((eb) => isCandidate(eb, v, excludeSeen))
    .orderBy('p.active_at', 'desc')
    .limit(ONE);

/**
 * A statement's condition that the viewer's facts it was given still hold (viewerAsKnown), or none: a walk under it
 * walks nothing when they do not, so it finds no one, moves no cursor and introduces no one.
 */
type Known = ReturnType<typeof viewerAsKnown> | null;

/** nearestQuery resuming each place's walk where the viewer's last one stopped, and moving the cursors on: its answer in `found`. */
const nearestResumedWalk = (db: Kysely<Database>, v: FeedParams, known: Known = null) =>
  db
    // The viewer's place first, then the others by distance: rank 1, 2, … (none when the viewer is not as known).
    .with(
      (cte) => cte('near').materialized(),
      () => (known ? nearestPlaces(db, v.place).where((eb) => eb.exists(known)) : nearestPlaces(db, v.place)),
    )
    .with(
      (cte) => cte('cur').materialized(),
      () => validCursors(db, v),
    )
    .with('found', (qc) =>
      qc
        .selectFrom(qc.selectFrom('near').selectAll().orderBy('rk').as('n'))
        .leftJoin('cur', 'cur.place_id', 'n.id')
        .crossJoinLateral((eb) => resumeWalk(eb, v, eb.ref('n.id')).as('c'))
        .select(['n.id as place_id', 'n.rk', 'c.id', 'c.active_at', 'c.head'])
        .orderBy('n.rk')
        .limit(ONE),
    )
    .with('saved', (qc) =>
      saveCursors(
        db,
        v,
        qc
          .selectFrom('near as n')
          .leftJoin('found as f', (join) => join.onTrue())
          .select((eb) => [
            'n.id as place_id',
            eb.case().when('n.rk', '=', eb.ref('f.rk')).then(eb.ref('f.active_at').$notNull()).else(NEVER).end().as('active_at'),
            eb.fn.coalesce(eb.and([eb('n.rk', '=', eb.ref('f.rk')), eb.ref('f.head').$notNull()]), sql.lit(false)).as('head'),
          ])
          // The places walked: up to the found one's rank, or all when none was found (LIMIT NULL). The list is in
          // rank order, so the scan stops there instead of reading every one of the 300 (issue 42).
          .orderBy('n.rk')
          .limit((eb) => eb.selectFrom('found').select('found.rk').$castTo<{ rk: number }>())
          .as('w'),
      ),
    );

/** anywhereQuery resuming the viewer's last walk, and moving its cursor on: its answer in `found`. */
const anywhereResumedWalk = (db: Kysely<Database>, v: FeedParams, known: Known = null) => {
  // The walk's one row (none when the viewer is not as known).
  const row = db.selectNoFrom(sql.lit(1).as('one'));
  const one = (known ? row.where((eb) => eb.exists(known)) : row).as('one');
  return db
    .with(
      (cte) => cte('cur').materialized(),
      () => validCursors(db, v).where('c.place_id', '=', sql.lit(ANYWHERE)),
    )
    .with('found', (qc) =>
      qc
        .selectFrom(one)
        .leftJoin('cur', (join) => join.onTrue())
        .crossJoinLateral((eb) => resumeWalk(eb, v, null).as('c'))
        .select(['c.id', 'c.active_at', 'c.head']),
    )
    .with('saved', (qc) =>
      saveCursors(
        db,
        v,
        qc
          .selectFrom(one)
          .leftJoin('found as f', (join) => join.onTrue())
          .select((eb) => [
            sql.lit(ANYWHERE).as('place_id'),
            eb.fn.coalesce('f.active_at', NEVER).as('active_at'),
            eb.fn.coalesce('f.head', sql.lit(false)).as('head'),
          ])
          .as('w'),
      ),
    );
};

const FOUND = sql<number | string | null>`(select ${sql.ref('found.id')} from ${sql.table('found')})`;
// The walks' CTEs end in `found`; its table is one the card's query does not read (profile-cards.ts).
const asCreator = (walk: unknown) => walk as QueryCreator<Database>;
/** A walk's answer with its card, served (introduced) in the same statement: a card costs one statement less (issue 42). */
const served = (walk: unknown, v: ServedParams) => servedCardOf(asCreator(walk), { viewer: v.me, subject: FOUND, now: v.now });

/** The viewer's values, the feed queries' only parameters. */
const VIEWER = {
  me: slot.number(),
  place: slot.number(),
  skip: slot.number(),
  from: slot.string(),
  to: slot.string(),
  sex: slot.value<Sex | null>(),
  show: slot.value<SearchShow | null>(),
  lookingFor: slot.value<string[] | null>(),
};
const feedShape = <O>(build: (db: Kysely<Database>, v: FeedParams) => Compilable<O>) => compiledOnce(VIEWER, build);
interface ServedParams extends FeedParams {
  now: Date;
  /** The viewer's birth date as the caller knows it, with the rest of their facts (viewerAsKnown). */
  birth: string;
}
const servedShape = <O>(build: (db: Kysely<Database>, v: ServedParams, known: NonNullable<Known>) => Compilable<O>) =>
  compiledOnce({ ...VIEWER, now: slot.value<Date>(), birth: slot.string() }, (db, v) => build(db, v, viewerAsKnown(db, v)));

const nearestResumedQuery = (db: Kysely<Database>, v: FeedParams) => nearestResumedWalk(db, v).selectFrom('found').select('id');
const anywhereResumedQuery = (db: Kysely<Database>, v: FeedParams) => anywhereResumedWalk(db, v).selectFrom('found').select('id');

// Each shape compiled once: the feed's builder trees cost about 1.5 ms to build and compile, as much as the walk.
const QUERIES = {
  likedMe: feedShape((db, v) => likedMeQuery(db, v, true)),
  likedMeBaseline: feedShape((db, v) => likedMeQuery(db, v, false)),
  nearest: feedShape((db, v) => nearestQuery(db, v, true)),
  nearestBaseline: feedShape((db, v) => nearestQuery(db, v, false)),
  nearestResumed: feedShape(nearestResumedQuery),
  anywhere: feedShape((db, v) => anywhereQuery(db, v, true)),
  anywhereBaseline: feedShape((db, v) => anywhereQuery(db, v, false)),
  anywhereResumed: feedShape(anywhereResumedQuery),
};

// The feed's walks with the card of their answer, as the explore screen asks for them (nextFeedCard), each under the
// condition that the viewer is still as the caller knows them.
const SERVED = {
  likedMe: servedShape((db, v, known) =>
    served(
      db.with('found', () => likedMeQuery(db, v, true).where((eb) => eb.exists(known))),
      v,
    ),
  ),
  nearestResumed: servedShape((db, v, known) => served(nearestResumedWalk(db, v, known), v)),
  anywhereResumed: servedShape((db, v, known) => served(anywhereResumedWalk(db, v, known), v)),
};

async function firstId(db: Kysely<Database>, query: keyof typeof QUERIES, v: FeedParams): Promise<number | null> {
  const id = (await QUERIES[query].rows(db, v))[0]?.id;
  return id === undefined || id === null ? null : Number(id);
}

export interface FeedOptions {
  now?: Date;
  /** Try someone who already liked the viewer first (every third swipe). */
  preferLikedMe?: boolean;
  /** false: the same order without the already-swiped exclusion (the benchmark's baseline). */
  excludeSeen?: boolean;
  /** Someone not to offer (the card on screen when the next one is asked for ahead; not yet swiped, so not seen). */
  skip?: number;
  /** false: walk from the top instead of resuming at the viewer's cursors (what the cursors must always agree with). */
  resume?: boolean;
}

/** What the feed's queries take for the viewer (place and skip -1 when there is none); their search settings read if not given. */
const feedParams = async (em: EntityManager, viewer: FeedViewer, opts: FeedOptions = {}): Promise<FeedParams> => {
  const search = viewer.search ?? (await loadOwnSearch(em, viewer.telegramId));
  return {
    me: viewer.telegramId,
    ...meetableBirthRange(viewer.birthDate, opts.now ?? new Date()),
    place: viewer.placeId ?? -1,
    skip: opts.skip ?? -1,
    ...search,
  };
};

/**
 * The next profile for the viewer's explore feed, or null when none is left.
 * Every third swipe offers someone who already liked the viewer, when there is one.
 */
export async function nextFeedProfile(em: EntityManager, viewer: FeedViewer, opts: FeedOptions = {}): Promise<number | null> {
  const db = sqlOf(em);
  const v = await feedParams(em, viewer, opts);
  const excludeSeen = opts.excludeSeen ?? true;
  const resume = excludeSeen && (opts.resume ?? true);
  if (opts.preferLikedMe) {
    const liked = await firstId(db, excludeSeen ? 'likedMe' : 'likedMeBaseline', v);
    if (liked !== null) return liked;
  }
  if (viewer.placeId !== null) {
    const near = await firstId(db, resume ? 'nearestResumed' : excludeSeen ? 'nearest' : 'nearestBaseline', v);
    if (near !== null) return near;
  }
  return firstId(db, resume ? 'anywhereResumed' : excludeSeen ? 'anywhere' : 'anywhereBaseline', v);
}

/**
 * nextFeedProfile as the explore screen asks for it (excluding the seen, resuming the cursors), answered with the
 * card: each walk serves the card of its answer in the same statement (servedCardOf: the viewer is introduced to
 * that person), so a card is one statement instead of two. Every walk runs only while the viewer's profile is still as
 * `viewer` says (viewerAsKnown: it may browse, same birth date, place, sex and search settings), so a caller may pass
 * what it read earlier (the explore socket's) without reading it again. Null when none is left, or when the viewer is
 * no longer as given (the caller reads them again to tell); a walk that finds no one writes no introduction, and the
 * next one is tried as nextFeedProfile tries it.
 */
export async function nextFeedCard(
  em: EntityManager,
  viewer: FeedViewer & { search: OwnSearch },
  opts: FeedOptions = {},
): Promise<ProfileCard | null> {
  const db = sqlOf(em);
  const now = opts.now ?? new Date();
  const v = { ...(await feedParams(em, viewer, { ...opts, now })), now, birth: viewer.birthDate };
  const shapes: Array<keyof typeof SERVED> = [
    ...(opts.preferLikedMe ? (['likedMe'] as const) : []),
    ...(viewer.placeId !== null ? (['nearestResumed'] as const) : []),
    'anywhereResumed',
  ];
  for (const shape of shapes) {
    const rows = await SERVED[shape].rows(db, v);
    if (rows.length > 0) return cardsFromRows(rows, now).values().next().value ?? null;
  }
  return null;
}
