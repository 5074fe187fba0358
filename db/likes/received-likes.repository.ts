import type { EntityManager } from '@mikro-orm/postgresql';
import { sql, type Kysely } from 'kysely';
import { sqlOf, type Database } from '../kysely';
import { compiledOnce, fixed, slot } from '../compiled-once';
import { PREPARE_MARK } from '../../platform/postgres/prepared-statements';
import { pageOf } from '../pagination/keyset-page';
import { meetableBirthRange } from '../matching/age-band';
import { bandArraysOn, bandsTable } from '../matching/band-table';
import { loadMeetFacts } from '../matching/meet-facts';
import { isVisiblePeer, type PeerViewer } from '../matching/visible-peer';
import type { Sex } from '../../contracts/profile-fields';
import type { SearchShow } from '../../contracts/search-settings';

export interface Viewer {
  telegramId: number;
  birthDate: string;
}

export const peerViewerOf = (viewer: Viewer, now: Date): PeerViewer => ({
  me: viewer.telegramId,
  ...meetableBirthRange(viewer.birthDate, now),
});

// Likes waiting for the viewer's answer, from people the viewer may meet now (the literal kind keeps likes_pending_index usable).
const pendingReceived = (db: Kysely<Database>, v: PeerViewer) =>
  db
    .selectFrom('likes as l')
    .innerJoin('profiles as p', 'p.user_telegram_id', 'l.from_id')
    .where('l.to_id', '=', v.me)
    .where('l.kind', '=', sql.lit('LIKE' as const))
    .where((eb) => eb.not(eb.ref('l.answered')))
    .where((eb) => isVisiblePeer(eb, v));

/** A page of pending received likes, newest first, each with whether it was shown already. */
export async function receivedLikesPage(em: EntityManager, viewer: Viewer, page: number, limit: number, now = new Date()) {
  const query = pendingReceived(sqlOf(em), peerViewerOf(viewer, now))
    .select(['l.from_id', 'l.created_at', 'l.seen_at'])
    .orderBy('l.created_at', 'desc')
    .orderBy('l.from_id');
  const { rows, hasMore } = await pageOf(query, limit, (page - 1) * limit);
  const likes = rows.map((r) => ({ userId: Number(r.from_id), likedAt: r.created_at, seen: r.seen_at !== null }));
  return { likes, hasNext: hasMore };
}

/** The like from `fromId` was shown on the viewer's screen: it stops counting as unread (a page sent is not a like seen). */
export async function markLikeSeen(em: EntityManager, viewerId: number, fromId: number, now = new Date()): Promise<void> {
  await sqlOf(em)
    .updateTable('likes')
    .set({ seen_at: now })
    .where('to_id', '=', viewerId)
    .where('from_id', '=', fromId)
    .where('kind', '=', 'LIKE')
    .where('seen_at', 'is', null)
    .execute();
}

/**
 * Pending received likes not yet shown (the likes tab badge), 0 until the viewer's profile may browse: one statement,
 * which reads the viewer's birth date and band itself (bandsByAge) instead of a read of the viewer first.
 */
export async function unreadLikesBadge(em: EntityManager, viewerId: number, now = new Date()): Promise<number> {
  const [row] = await BADGE.rows(sqlOf(em), { viewerId, ...bandArraysOn(now) });
  return Number(row?.n ?? 0);
}

// On every open of the app: compiled once and prepared, its plan kept (issue 42).
const BADGE = compiledOnce(
  {
    viewerId: slot.number(),
    bornBy: slot.value<string[]>(),
    from: slot.value<string[]>(),
    to: slot.value<string[]>(),
    approved: fixed('APPROVED' as const),
    pending: fixed('PENDING' as const),
    one: fixed(1),
  },
  (db, v) => {
    const band = bandsTable(v);
    return pendingReceived(db, {
      me: v.viewerId,
      from: sql.ref<string>('band.band_from'),
      to: sql.ref<string>('band.band_to'),
      // The viewer's own settings come with their row below: not read again (issue 42).
      search: {
        sex: sql.ref<Sex | null>('band.sex'),
        show: sql.ref<SearchShow>('band.search_show'),
        lookingFor: sql.ref<string[]>('band.search_looking_for'),
      },
    })
      .innerJoin(
        (eb) =>
          eb
            .selectFrom('profiles as v')
            .innerJoin(band.as('b'), (join) => join.onRef('b.born_by', '>=', 'v.birth_date'))
            .select(['b.band_from', 'b.band_to', 'v.sex', 'v.search_show', 'v.search_looking_for'])
            .where('v.user_telegram_id', '=', v.viewerId)
            // As loadViewer: a profile may browse once approved, its description approved or still under review.
            .where('v.initial_moderation_status', '=', v.approved)
            .where('v.description_moderation_status', 'in', [v.approved, v.pending])
            .orderBy('b.born_by')
            .limit(v.one)
            .as('band'),
        (join) => join.onTrue(),
      )
      .where('l.seen_at', 'is', null)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .modifyEnd(sql.raw(PREPARE_MARK));
  },
);

/**
 * The like from `fromId` still waits on the viewer's likes screen: pending, and from someone the viewer may meet now
 * under both sides' filters. A note about a like is sent only then (AMENDMENTS §5.1).
 */
export async function isLikeWaiting(em: EntityManager, viewerId: number, fromId: number, now = new Date()): Promise<boolean> {
  const birthDate = (await loadMeetFacts(em, [viewerId])).get(viewerId)?.birthDate;
  if (!birthDate) return false;
  const row = await pendingReceived(sqlOf(em), peerViewerOf({ telegramId: viewerId, birthDate }, now))
    .where('l.from_id', '=', fromId)
    .select((eb) => eb.lit(1).as('one'))
    .executeTakeFirst();
  return row !== undefined;
}
