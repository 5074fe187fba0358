import type { EntityManager } from '@mikro-orm/postgresql';
import type { HistoryFilter, HistoryItem } from '../../api/contracts/likes';
import { imagePath } from '../../api/contracts/media';
import { rawQuery, viewerParams, type Viewer } from './received-likes.repository';
import { PEER_VISIBLE_SQL } from './visible-peer.sql';

const MINE = `SELECT l.to_id AS peer, l.created_at AS liked_at, true AS is_my_like, l.seen_at FROM likes l WHERE l.from_id = :me AND l.kind = 'LIKE'`;

/** Each tab's rows as (peer, liked_at, is_my_like). */
const SOURCES: Record<HistoryFilter, string> = {
  'received-likes': `SELECT l.from_id AS peer, l.created_at AS liked_at, false AS is_my_like, l.seen_at FROM likes l WHERE l.to_id = :me AND l.kind = 'LIKE'`,
  'my-likes': MINE,
  matched: `SELECT CASE WHEN m.user_low_id = :me THEN m.user_high_id ELSE m.user_low_id END AS peer, m.matched_at AS liked_at, true AS is_my_like, m.matched_at AS seen_at
              FROM matches m WHERE m.user_low_id = :me OR m.user_high_id = :me`,
  unmatched: `${MINE} AND NOT EXISTS (SELECT 1 FROM likes r WHERE r.from_id = l.to_id AND r.to_id = :me AND r.kind = 'LIKE')`,
};

// Only people the viewer may meet now are listed or counted (AMENDMENTS §1.3, blocking).
const visibleRows = (filter: HistoryFilter, joins = '') => `FROM (${SOURCES[filter]}) x JOIN profiles p ON p.user_telegram_id = x.peer ${joins} WHERE ${PEER_VISIBLE_SQL}`;

interface Row {
  peer: string;
  liked_at: Date;
  is_my_like: boolean;
  matched_at: Date | null;
  display_name: string;
  seen_at: Date | null;
  photo: string | null;
}

export async function likesHistoryPage(em: EntityManager, viewer: Viewer, filter: HistoryFilter, page: number, limit: number, now = new Date()) {
  const params = viewerParams(viewer, now);
  const rows = await rawQuery<Row>(
    em,
    `SELECT x.peer, x.liked_at, x.is_my_like, m.matched_at, p.display_name, x.seen_at,
            (SELECT ph.image_id FROM photos ph WHERE ph.owner_telegram_id = x.peer AND ph.status = 'APPROVED' ORDER BY ph.position LIMIT 1) AS photo
       ${visibleRows(filter, 'LEFT JOIN matches m ON m.user_low_id = LEAST(:me, x.peer) AND m.user_high_id = GREATEST(:me, x.peer)')}
      ORDER BY x.liked_at DESC, x.peer LIMIT :limit OFFSET :offset`,
    { ...params, limit: limit + 1, offset: (page - 1) * limit },
  );
  const counts = (await rawQuery<Record<string, string>>(
    em,
    `SELECT (SELECT count(*) ${visibleRows('received-likes')}) AS received, (SELECT count(*) ${visibleRows('my-likes')}) AS mine,
            (SELECT count(*) ${visibleRows('matched')}) AS matched, (SELECT count(*) ${visibleRows('unmatched')}) AS unmatched`,
    params,
  ))[0]!;
  const items: HistoryItem[] = rows.slice(0, limit).map((r) => ({
    id: `${filter}:${r.peer}`,
    userId: String(r.peer),
    // Telegram names and @usernames never reach another user (AMENDMENTS §2.6, §4.3).
    firstName: null,
    lastName: null,
    displayName: r.display_name,
    photoUrl: r.photo ? imagePath(r.photo, 'profile', { w: 480 }) : null,
    likedAt: new Date(r.liked_at).toISOString(),
    isMatched: r.matched_at !== null,
    matchedAt: r.matched_at ? new Date(r.matched_at).toISOString() : null,
    isMyLike: r.is_my_like,
    isSeen: r.seen_at !== null,
  }));
  const received = Number(counts.received);
  const mine = Number(counts.mine);
  return {
    likes: items,
    totalCount: received + mine,
    myLikesCount: mine,
    receivedLikesCount: received,
    matchedCount: Number(counts.matched),
    unmatchedCount: Number(counts.unmatched),
    pagination: { page, limit, hasNext: rows.length > limit },
  };
}
