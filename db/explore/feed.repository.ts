import type { EntityManager } from '@mikro-orm/postgresql';
import { meetableBirthRange } from '../matching/age-band';
import { query } from '../sql';
import { PEER_VISIBLE_SQL } from '../likes/visible-peer';
import { ANYWHERE, resumeWalk, saveCursors, validCursors } from './feed-cursors.sql';
import { SEARCH_MATCH_SQL } from './search-match.sql';

export interface FeedViewer {
  telegramId: number;
  birthDate: string;
  placeId: number | null;
}

/** How many nearest places are tried before falling back to "anywhere". */
const NEAREST_PLACES = 300;

// The viewer's swipes are hashed once per query (to_id is NOT NULL, so NOT IN means NOT EXISTS): skipping a seen candidate costs a probe, not an index descent.
const notSeen = (id: string) => `AND ${id} NOT IN (SELECT s.to_id FROM likes s WHERE s.from_id = :me)`;

// Shared by every branch: visible, in band, not me, not banned, not blocked either way, both pass each other's search settings, and (optionally) not seen.
export const candidateFilter = (excludeSeen: boolean, id = 'p.user_telegram_id') => `
      ${PEER_VISIBLE_SQL}${SEARCH_MATCH_SQL}
  AND p.user_telegram_id <> :me AND p.user_telegram_id <> :skip
  ${excludeSeen ? notSeen(id) : ''}`;

/** Someone who liked the viewer and is still waiting for an answer: mixed in early. `answered` is the seen rule here (kept by swipe). */
export const likedMeSql = (excludeSeen = true) => `
SELECT p.user_telegram_id AS id FROM likes l JOIN profiles p ON p.user_telegram_id = l.from_id
 WHERE l.to_id = :me AND l.kind = 'LIKE' ${excludeSeen ? 'AND NOT l.answered' : ''} AND ${candidateFilter(false)}
 ORDER BY l.created_at DESC LIMIT 1`;

// The viewer's place first, then the others by distance (squared, longitude scaled by latitude): rank 1, 2, …
const NEAR_PLACES = `
  SELECT s.id, row_number() OVER (ORDER BY s.same DESC, s.d) AS rk FROM (
    SELECT pl.id, (pl.id = :place) AS same, (pl.lat - o.lat) ^ 2 + ((pl.lon - o.lon) * o.k) ^ 2 AS d
      FROM places pl, (SELECT lat, lon, cos(radians(lat)) AS k FROM places WHERE id = :place) o
     ORDER BY same DESC, d LIMIT ${NEAREST_PLACES}) s`;

/** Same city first, then the nearest places, each ordered by recent activity (a full walk: the baseline, and what the cursors must agree with). */
export const nearestSql = (excludeSeen = true) => `
WITH origin AS (SELECT lat, lon, cos(radians(lat)) AS k FROM places WHERE id = :place),
near AS (
  SELECT pl.id, (pl.id = :place) AS same, (pl.lat - o.lat) ^ 2 + ((pl.lon - o.lon) * o.k) ^ 2 AS d
    FROM places pl, origin o ORDER BY same DESC, d LIMIT ${NEAREST_PLACES}
)
SELECT c.id FROM near CROSS JOIN LATERAL (
  SELECT p.user_telegram_id AS id FROM profiles p
   WHERE p.place_id = near.id AND ${candidateFilter(excludeSeen)}
   ORDER BY p.active_at DESC LIMIT 1
) c ORDER BY near.same DESC, near.d LIMIT 1`;

/** Anyone in band, most recently active first (no place, or nothing nearby). */
export const anywhereSql = (excludeSeen = true) => `
SELECT p.user_telegram_id AS id FROM profiles p WHERE ${candidateFilter(excludeSeen)} ORDER BY p.active_at DESC LIMIT 1`;

/** nearestSql resuming each place's walk where the viewer's last one stopped, and moving the cursors on. */
export const nearestResumedSql = `
WITH near AS MATERIALIZED (${NEAR_PLACES}),
cur AS MATERIALIZED (${validCursors}),
found AS (
  SELECT n.id AS place_id, n.rk, c.id, c.active_at, c.head
    FROM (SELECT * FROM near ORDER BY rk) n LEFT JOIN cur ON cur.place_id = n.id
   CROSS JOIN LATERAL ${resumeWalk('p.place_id = n.id', candidateFilter(false), candidateFilter(true))} c
   ORDER BY n.rk LIMIT 1
),
saved AS (${saveCursors(`
  SELECT n.id AS place_id, CASE WHEN n.rk = f.rk THEN f.active_at ELSE CAST('-infinity' AS timestamptz) END AS active_at, coalesce(n.rk = f.rk AND f.head, false) AS head
    FROM near n LEFT JOIN found f ON true WHERE f.rk IS NULL OR n.rk <= f.rk`)})
SELECT id FROM found`;

/** anywhereSql resuming the viewer's last walk, and moving its cursor on. */
export const anywhereResumedSql = `
WITH cur AS MATERIALIZED (${validCursors} AND c.place_id = ${ANYWHERE}),
found AS (
  SELECT c.id, c.active_at, c.head FROM (SELECT 1) one LEFT JOIN cur ON true
   CROSS JOIN LATERAL ${resumeWalk('true', candidateFilter(false), candidateFilter(true))} c
),
saved AS (${saveCursors(`
  SELECT ${ANYWHERE} AS place_id, coalesce(f.active_at, CAST('-infinity' AS timestamptz)) AS active_at, coalesce(f.head, false) AS head
    FROM (SELECT 1) one LEFT JOIN found f ON true`)})
SELECT id FROM found`;

async function firstId(em: EntityManager, sql: string, params: Record<string, unknown>): Promise<number | null> {
  const rows = await query<{ id: string }>(em, sql, params);
  const id = rows[0]?.id;
  return id === undefined ? null : Number(id);
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

/**
 * The next profile for the viewer's explore feed, or null when none is left.
 * Every third swipe offers someone who already liked the viewer, when there is one.
 */
export async function nextFeedProfile(em: EntityManager, viewer: FeedViewer, opts: FeedOptions = {}): Promise<number | null> {
  const { from, to } = meetableBirthRange(viewer.birthDate, opts.now ?? new Date());
  const params = { me: viewer.telegramId, from, to, place: viewer.placeId ?? -1, skip: opts.skip ?? -1 };
  const excludeSeen = opts.excludeSeen ?? true;
  const resume = excludeSeen && (opts.resume ?? true);
  if (opts.preferLikedMe) {
    const liked = await firstId(em, likedMeSql(excludeSeen), params);
    if (liked !== null) return liked;
  }
  if (viewer.placeId !== null) {
    const near = await firstId(em, resume ? nearestResumedSql : nearestSql(excludeSeen), params);
    if (near !== null) return near;
  }
  return firstId(em, resume ? anywhereResumedSql : anywhereSql(excludeSeen), params);
}
