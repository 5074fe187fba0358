import type { EntityManager } from '@mikro-orm/postgresql';
import { meetableBirthRange } from '../matching/age-band';
import { query } from '../sql';
import { PEER_VISIBLE_SQL } from '../likes/visible-peer.sql';

export interface FeedViewer {
  telegramId: number;
  birthDate: string;
  placeId: number | null;
}

/** How many nearest places are tried before falling back to "anywhere". */
const NEAREST_PLACES = 300;

// The viewer's swipes are hashed once per query (to_id is NOT NULL, so NOT IN means NOT EXISTS): skipping a seen candidate costs a probe, not an index descent.
const notSeen = (id: string) => `AND ${id} NOT IN (SELECT s.to_id FROM likes s WHERE s.from_id = :me)`;

// Shared by every branch: visible, in band, not me, not banned, not blocked either way, and (optionally) not seen.
const candidateFilter = (excludeSeen: boolean, id = 'p.user_telegram_id') => `
      ${PEER_VISIBLE_SQL}
  AND p.user_telegram_id <> :me
  ${excludeSeen ? notSeen(id) : ''}`;

/** Someone who liked the viewer and is still waiting for an answer: mixed in early. `answered` is the seen rule here (kept by swipe). */
export const likedMeSql = (excludeSeen = true) => `
SELECT p.user_telegram_id AS id FROM likes l JOIN profiles p ON p.user_telegram_id = l.from_id
 WHERE l.to_id = :me AND l.kind = 'LIKE' ${excludeSeen ? 'AND NOT l.answered' : ''} AND ${candidateFilter(false)}
 ORDER BY l.created_at DESC LIMIT 1`;

/** Same city first, then the nearest places, each ordered by recent activity. */
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

async function firstId(em: EntityManager, sql: string, params: Record<string, unknown>): Promise<number | null> {
  const rows = await query<{ id: string }>(em, sql, params);
  const id = rows[0]?.id;
  return id === undefined ? null : Number(id);
}

/**
 * The next profile for the viewer's explore feed, or null when none is left.
 * Every third swipe offers someone who already liked the viewer, when there is one.
 */
export async function nextFeedProfile(em: EntityManager, viewer: FeedViewer, opts: { now?: Date; preferLikedMe?: boolean; excludeSeen?: boolean } = {}): Promise<number | null> {
  const { from, to } = meetableBirthRange(viewer.birthDate, opts.now ?? new Date());
  const params = { me: viewer.telegramId, from, to, place: viewer.placeId ?? -1 };
  const excludeSeen = opts.excludeSeen ?? true;
  if (opts.preferLikedMe) {
    const liked = await firstId(em, likedMeSql(excludeSeen), params);
    if (liked !== null) return liked;
  }
  if (viewer.placeId !== null) {
    const near = await firstId(em, nearestSql(excludeSeen), params);
    if (near !== null) return near;
  }
  return firstId(em, anywhereSql(excludeSeen), params);
}
