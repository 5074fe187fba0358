import type { EntityManager } from '@mikro-orm/postgresql';
import { imagePath } from '../../contracts/media';
import type { ProfileCard } from '../../contracts/profile-card';
import { ageOn } from '../matching/age-band';
import { sql, type Expression, type QueryCreator } from 'kysely';
import { sqlOf, type Database } from '../kysely';
import { PREPARE_MARK } from '../../platform/postgres/prepared-statements';

/** The cards' columns of profiles `p` (approved photos in position order). */
const cardColumns = (db: QueryCreator<Database>) =>
  db.selectFrom('profiles as p').select((eb) => [
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
  ]);

const cardsOf = (db: QueryCreator<Database>, ids: readonly number[]) =>
  cardColumns(db)
    .where('p.user_telegram_id', 'in', ids)
    // One card (every card of the feed): prepared, its plan kept (issue 42).
    .$if(ids.length === 1, (q) => q.modifyEnd(sql.raw(PREPARE_MARK)));

/**
 * Ends a statement (`db`, with the CTEs `subject` may read) with the card of `subject` (a user id; null: none)
 * served to `viewer`: served means introduced (AMENDMENTS §5.1), so the statement also records the introduction
 * (again is a no-op), whether or not the card is still there.
 */
export const servedCardOf = (db: QueryCreator<Database>, v: { viewer: number; subject: Expression<unknown>; now: Date }) => {
  const subject = v.subject as Expression<number | null>;
  const withIntroduction = db.with('introduced', (q) =>
    q
      .insertInto('introductions')
      .columns(['viewer_id', 'subject_id', 'created_at'])
      .expression(
        q
          .selectNoFrom((eb) => [
            eb.cast<number>(eb.val(v.viewer), 'bigint').as('v'),
            eb.cast<number>(subject, 'bigint').as('s'),
            eb.cast<Date>(eb.val(v.now), 'timestamptz').as('at'),
          ])
          .where(sql<boolean>`${subject} is not null`),
      )
      .onConflict((oc) => oc.doNothing()),
  );
  // The CTE's table is one the card's query does not read: the creator is the card query's as far as it goes.
  return cardColumns(withIntroduction as unknown as QueryCreator<Database>)
    .where('p.user_telegram_id', '=', subject)
    .modifyEnd(sql.raw(PREPARE_MARK));
};

/** Public cards for the given users, in one query (approved photos in position order). */
export async function loadProfileCards(em: EntityManager, ids: readonly number[], now = new Date()): Promise<Map<number, ProfileCard>> {
  if (ids.length === 0) return new Map();
  return cardsFromRows(await cardsOf(sqlOf(em), ids).execute(), now);
}

type CardRow = Awaited<ReturnType<ReturnType<typeof cardColumns>['execute']>>[number];

/** The cards of rows read by servedCardOf (or cardsOf), by user id. */
export function cardsFromRows(rows: readonly CardRow[], now: Date): Map<number, ProfileCard> {
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
