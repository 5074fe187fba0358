import type { ExpressionBuilder, Kysely, OnConflictBuilder } from 'kysely';
import { AppError } from '../../contracts/errors';
import type { Database } from '../kysely';
import { bandsTable } from '../matching/band-table';
import { MEET_MESSAGES, reachable, unreachable } from '../matching/eligibility';
import { fixed, slot, type SlotValues } from '../compiled-once';

/** A swipe again on someone already swiped: the new kind; its time only when the kind changed. */
export const keepFirstSwipeTime = (oc: OnConflictBuilder<Database, 'likes'>) =>
  oc.columns(['from_id', 'to_id']).doUpdateSet((eb) => ({
    kind: eb.ref('excluded.kind'),
    created_at: eb
      .case()
      .when('likes.kind', '=', eb.ref('excluded.kind'))
      .then(eb.ref('likes.created_at'))
      .else(eb.ref('excluded.created_at'))
      .end(),
  }));

/** A pair check's values: the pair's lock key, the liker, bandsByAge's table, the target. */
export const PAIR = {
  pair: slot.string(),
  me: slot.number(),
  bornBy: slot.value<string[]>(),
  from: slot.value<string[]>(),
  to: slot.value<string[]>(),
  target: slot.number(),
  approved: fixed('APPROVED' as const),
  pending: fixed('PENDING' as const),
  one: fixed(1),
};

/**
 * The pair's lock taken, then whether the liker may act at all (as checkMayAct: their profile may browse, not banned)
 * and whether they may reach the target, as one statement's `checks` (locked, may_act, reachable). The liker's band is
 * that of their birth date, read from bandsByAge's table as the likes badge reads it.
 */
export function withPairChecks(db: Kysely<Database>, v: SlotValues<typeof PAIR>) {
  const bands = bandsTable(v);
  return db
    .with('actor', (q) =>
      q
        .selectFrom('profiles as v')
        .innerJoin('users as u', 'u.telegram_id', 'v.user_telegram_id')
        .innerJoin(bands.as('b'), (join) => join.onRef('b.born_by', '>=', 'v.birth_date'))
        // The liker's own sex and search settings come with the row: the reach check does not read it again (issue 42).
        .select(['b.band_from', 'b.band_to', 'v.sex', 'v.search_show', 'v.search_looking_for'])
        .where('v.user_telegram_id', '=', v.me)
        .where('v.initial_moderation_status', '=', v.approved)
        .where('v.description_moderation_status', 'in', [v.approved, v.pending])
        .where((eb) => eb.not(eb.ref('u.is_banned')))
        .orderBy('b.born_by')
        .limit(v.one),
    )
    .with('checks', (q) =>
      q.selectNoFrom((eb) => [
        // First: what the statement reads below waits for the pair's other swipe to commit.
        eb.fn<void>('pg_advisory_xact_lock', [eb.fn<number>('hashtext', [eb.val(v.pair)])]).as('locked'),
        eb.exists(eb.selectFrom('actor').select('actor.band_from')).$castTo<boolean>().as('may_act'),
        eb
          .selectFrom('actor')
          .select((a) =>
            reachable(
              a as unknown as ExpressionBuilder<Database, never>,
              {
                me: v.me,
                from: a.ref('actor.band_from'),
                to: a.ref('actor.band_to'),
                search: { sex: a.ref('actor.sex'), show: a.ref('actor.search_show'), lookingFor: a.ref('actor.search_looking_for') },
              },
              v.target,
            ).as('reachable'),
          )
          .as('reachable'),
      ]),
    );
}

/** Refuses as checkMayAct, then as checkCanMeet, unless the pair check passed. */
export function refuseUnlessChecked(checked: { may_act: boolean; reachable: boolean | null } | undefined): void {
  if (checked?.may_act !== true) throw new AppError('FORBIDDEN', MEET_MESSAGES.notReady);
  if (checked.reachable !== true) throw unreachable();
}
