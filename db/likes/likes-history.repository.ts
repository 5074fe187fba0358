import type { EntityManager } from '@mikro-orm/postgresql';
import { sql, type AliasedSelectQueryBuilder, type Kysely } from 'kysely';
import type { HistoryFilter, HistoryItem } from '../../contracts/likes';
import { imagePath } from '../../contracts/media';
import { sqlOf, type Database } from '../kysely';
import { pageOf } from '../pagination/keyset-page';
import { firstApprovedPhoto } from '../profiles/first-photo';
import { peerViewerOf, type Viewer } from './received-likes.repository';
import { isVisiblePeer, type PeerViewer } from '../matching/visible-peer';

/** One tab's row: the other person, when the like (or match) happened, whose like it is, and when it was seen. */
interface SourceRow {
  peer: number | string;
  liked_at: Date | string;
  is_my_like: boolean;
  seen_at: Date | string | null;
}
type Source = (db: Kysely<Database>, me: number) => AliasedSelectQueryBuilder<SourceRow, 'x'>;

// A literal, as the partial index likes_pending_index states it.
const LIKE = sql.lit('LIKE' as const);

const mine = (db: Kysely<Database>, me: number) =>
  db
    .selectFrom('likes as l')
    .select(['l.to_id as peer', 'l.created_at as liked_at', sql.lit(true).as('is_my_like'), 'l.seen_at'])
    .where('l.from_id', '=', me)
    .where('l.kind', '=', LIKE);

/** Each tab's rows as `x`. */
const SOURCES: Record<HistoryFilter, Source> = {
  'received-likes': (db, me) =>
    db
      .selectFrom('likes as l')
      .select(['l.from_id as peer', 'l.created_at as liked_at', sql.lit(false).as('is_my_like'), 'l.seen_at'])
      .where('l.to_id', '=', me)
      .where('l.kind', '=', LIKE)
      .as('x'),
  'my-likes': (db, me) => mine(db, me).as('x'),
  matched: (db, me) =>
    db
      .selectFrom('matches as m')
      .select((eb) => [
        eb.case().when('m.user_low_id', '=', me).then(eb.ref('m.user_high_id')).else(eb.ref('m.user_low_id')).end().as('peer'),
        'm.matched_at as liked_at',
        sql.lit(true).as('is_my_like'),
        'm.matched_at as seen_at',
      ])
      .where((eb) => eb.or([eb('m.user_low_id', '=', me), eb('m.user_high_id', '=', me)]))
      .as('x'),
  unmatched: (db, me) =>
    mine(db, me)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('likes as r')
              .select(eb.lit(1).as('one'))
              .whereRef('r.from_id', '=', 'l.to_id')
              .where('r.to_id', '=', me)
              .where('r.kind', '=', LIKE),
          ),
        ),
      )
      .as('x'),
};

// Only people the viewer may meet now are listed or counted (AMENDMENTS §1.3, blocking).
const visibleRows = (db: Kysely<Database>, filter: HistoryFilter, v: PeerViewer) =>
  db
    .selectFrom(SOURCES[filter](db, v.me))
    .innerJoin('profiles as p', 'p.user_telegram_id', 'x.peer')
    .where((eb) => isVisiblePeer(eb, v));

export async function likesHistoryPage(
  em: EntityManager,
  viewer: Viewer,
  filter: HistoryFilter,
  page: number,
  limit: number,
  now = new Date(),
) {
  const v = peerViewerOf(viewer, now);
  const db = sqlOf(em);
  const query = visibleRows(db, filter, v)
    .leftJoin('matches as m', (join) =>
      join.on((eb) =>
        eb.and([
          eb('m.user_low_id', '=', eb.fn<number>('least', [eb.val(v.me), 'x.peer'])),
          eb('m.user_high_id', '=', eb.fn<number>('greatest', [eb.val(v.me), 'x.peer'])),
        ]),
      ),
    )
    .select((eb) => [
      'x.peer',
      'x.liked_at',
      'x.is_my_like',
      'm.matched_at',
      'p.display_name',
      'x.seen_at',
      firstApprovedPhoto(db, eb.ref('x.peer')).as('photo'),
    ])
    .orderBy('x.liked_at', 'desc')
    .orderBy('x.peer');
  const { rows, hasMore } = await pageOf(query, limit, (page - 1) * limit);
  const count = (filter: HistoryFilter) => visibleRows(db, filter, v).select((eb) => eb.fn.countAll<string>().as('n'));
  const counts = (await db
    .selectNoFrom([
      count('received-likes').as('received'),
      count('my-likes').as('mine'),
      count('matched').as('matched'),
      count('unmatched').as('unmatched'),
    ])
    .executeTakeFirst())!;
  const items: HistoryItem[] = rows.map((r) => ({
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
  const mineCount = Number(counts.mine);
  return {
    likes: items,
    totalCount: received + mineCount,
    myLikesCount: mineCount,
    receivedLikesCount: received,
    matchedCount: Number(counts.matched),
    unmatchedCount: Number(counts.unmatched),
    pagination: { page, limit, hasNext: hasMore },
  };
}
