import type { EntityManager } from '@mikro-orm/postgresql';
import { meetableBirthRange } from '../matching/age-band';
import { PEER_VISIBLE_SQL } from './visible-peer.sql';
import { query } from '../sql';

export interface Viewer {
  telegramId: number;
  birthDate: string;
}

// Likes waiting for the viewer's answer, from people the viewer may meet now.
const PENDING_RECEIVED = `
  FROM likes l JOIN profiles p ON p.user_telegram_id = l.from_id
 WHERE l.to_id = :me AND l.kind = 'LIKE'
   AND NOT l.answered
   AND ${PEER_VISIBLE_SQL}`;

const raw = <T>(em: EntityManager, sql: string, params: Record<string, unknown>) => query<T>(em, sql, params);

const paramsFor = (viewer: Viewer, now: Date) => ({ me: viewer.telegramId, ...meetableBirthRange(viewer.birthDate, now) });

/** A page of pending received likes, newest first, each with whether it was shown already. */
export async function receivedLikesPage(em: EntityManager, viewer: Viewer, page: number, limit: number, now = new Date()) {
  const rows = await raw<{ from_id: string; created_at: Date; seen_at: Date | null }>(
    em,
    `SELECT l.from_id, l.created_at, l.seen_at ${PENDING_RECEIVED} ORDER BY l.created_at DESC, l.from_id LIMIT :limit OFFSET :offset`,
    { ...paramsFor(viewer, now), limit: limit + 1, offset: (page - 1) * limit },
  );
  const likes = rows.slice(0, limit).map((r) => ({ userId: Number(r.from_id), likedAt: r.created_at, seen: r.seen_at !== null }));
  return { likes, hasNext: rows.length > limit };
}

/** The like from `fromId` was shown on the viewer's screen: it stops counting as unread (a page sent is not a like seen). */
export async function markLikeSeen(em: EntityManager, viewerId: number, fromId: number, now = new Date()): Promise<void> {
  await query(em, "UPDATE likes SET seen_at = ? WHERE to_id = ? AND from_id = ? AND kind = 'LIKE' AND seen_at IS NULL", [now, viewerId, fromId]);
}

/** Pending received likes not yet shown (the likes tab badge). */
export async function unreadLikesCount(em: EntityManager, viewer: Viewer, now = new Date()): Promise<number> {
  const rows = await raw<{ n: string }>(em, `SELECT count(*) AS n ${PENDING_RECEIVED} AND l.seen_at IS NULL`, paramsFor(viewer, now));
  return Number(rows[0]?.n ?? 0);
}

export { raw as rawQuery, paramsFor as viewerParams };
