import type { EntityManager } from '@mikro-orm/postgresql';
import { imagePath } from '../../contracts/media';
import type { ProfileCard } from '../../contracts/profile-card';
import { ageOn } from '../matching/age-band';
import { sql, type QueryCreator } from 'kysely';
import { sqlOf, type Database } from '../kysely';
import { PREPARE_MARK } from '../../platform/postgres/prepared-statements';
import { compiledOnce, slot } from '../compiled-once';

/** The cards' columns of profiles `p` (approved photos in position order). */
const cardsOf = (db: QueryCreator<Database>, ids: readonly number[]) =>
  db
    .selectFrom('profiles as p')
    .select((eb) => [
      'p.user_telegram_id as id',
      'p.display_name',
      'p.birth_date',
      'p.city',
      'p.bio',
      'p.height_cm',
      'p.gender',
      'p.looking_for',
      eb
        .selectFrom('photos as ph')
        // array_agg with its own ORDER BY, which the builder does not express.
        .select(sql<string[] | null>`array_agg(${sql.ref('ph.image_id')} ORDER BY ${sql.ref('ph.position')})`.as('photos'))
        .whereRef('ph.owner_telegram_id', '=', 'p.user_telegram_id')
        .where('ph.status', '=', sql.lit('APPROVED' as const))
        .as('photos'),
    ])
    .where('p.user_telegram_id', 'in', ids)
    // One card (every card of the feed): prepared, its plan kept (issue 42).
    .$if(ids.length === 1, (q) => q.modifyEnd(sql.raw(PREPARE_MARK)));

/** Public cards for the given users, in one query (approved photos in position order). */
export async function loadProfileCards(em: EntityManager, ids: readonly number[], now = new Date()): Promise<Map<number, ProfileCard>> {
  if (ids.length === 0) return new Map();
  return toCards(await cardsOf(sqlOf(em), ids).execute(), now);
}

/**
 * The card of `subjectId` served to `viewerId`: served means introduced (AMENDMENTS §5.1), so the same statement
 * records the introduction (again is a no-op) as it reads the card (issue 42: one statement for both); the
 * introduction is written whether or not the card is still there, as when it was written on its own.
 */
export async function serveProfileCard(
  em: EntityManager,
  viewerId: number,
  subjectId: number,
  now = new Date(),
): Promise<ProfileCard | null> {
  const cards = await SERVED_CARD.rows(sqlOf(em), { viewer: viewerId, subject: subjectId, now });
  return toCards(cards, now).get(subjectId) ?? null;
}

// Every card of the feed: compiled once (issue 42).
const SERVED_CARD = compiledOnce({ viewer: slot.number(), subject: slot.number(), now: slot.value<Date>() }, (sqlDb, v) => {
  const db = sqlDb.with('introduced', (q) =>
    q
      .insertInto('introductions')
      .values({ viewer_id: v.viewer, subject_id: v.subject, created_at: v.now })
      .onConflict((oc) => oc.doNothing()),
  );
  // The CTE's table is one the card's query does not read: the creator is the card query's as far as it goes.
  return cardsOf(db as unknown as QueryCreator<Database>, [v.subject]);
});

type CardRow = Awaited<ReturnType<ReturnType<typeof cardsOf>['execute']>>[number];

function toCards(rows: CardRow[], now: Date): Map<number, ProfileCard> {
  return new Map(
    rows.map((r) => [
      Number(r.id),
      {
        userId: String(r.id),
        displayName: r.display_name,
        age: ageOn(r.birth_date, now),
        city: r.city,
        photos: (r.photos ?? []).map((imageId) => imagePath(imageId, 'profile')),
        bio: r.bio,
        heightCm: r.height_cm === null ? null : Number(r.height_cm),
        gender: r.gender,
        lookingFor: r.looking_for,
      },
    ]),
  );
}
