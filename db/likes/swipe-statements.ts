import { sql, type ExpressionBuilder } from 'kysely';
import type { Database } from '../kysely';
import { outboxTable } from '../events/job-outbox';
import { PREPARE_MARK } from '../../platform/postgres/prepared-statements';
import { compiledOnce, fixed, slot, type SlotValues } from '../compiled-once';
import type { LikeKind } from './like.entity';
import { keepFirstSwipeTime, PAIR, withPairChecks } from './pair-check';

/** `fromId`'s like of `toId`, as a subquery. */
const likeFrom = (eb: ExpressionBuilder<Database, never>, fromId: number, toId: number, like: 'LIKE') =>
  eb
    .selectFrom('likes as m')
    .select(eb.lit(1).as('one'))
    .where('m.from_id', '=', fromId)
    .where('m.to_id', '=', toId)
    .where('m.kind', '=', like);

/** `fromId`'s swipe of `toId` (either kind), as a subquery. */
const swipeFrom = (eb: ExpressionBuilder<Database, never>, fromId: number, toId: number) =>
  eb.selectFrom('likes as r').select(eb.lit(1).as('one')).where('r.from_id', '=', fromId).where('r.to_id', '=', toId);

const SWIPE = {
  ...PAIR,
  kind: slot.value<LikeKind>(),
  now: slot.value<Date>(),
  tasks: slot.value<string[]>(),
  payloads: slot.value<string[]>(),
  keys: slot.value<Array<string | null>>(),
  like: fixed('LIKE' as const),
  yes: fixed(true),
};
type SwipeValues = SlotValues<typeof SWIPE>;
type Checked = ReturnType<typeof withPairChecks>;

/** Whether the checks passed: the liker may act and may reach the target. */
const passedWith = (v: SwipeValues) => (eb: ExpressionBuilder<Database & { checks: { may_act: boolean; reachable: boolean } }, 'checks'>) =>
  eb.and([eb('checks.may_act', '=', v.yes), eb('checks.reachable', '=', v.yes)]);

/** The swipe's row when the checks passed, answered when the other side swiped first; `fresh` and `mutual` with it. */
const writeRow = (q: Checked, v: SwipeValues) =>
  q
    .insertInto('likes')
    .columns(['from_id', 'to_id', 'kind', 'created_at', 'answered'])
    .expression(
      q
        .selectFrom('checks')
        .select((eb) => [
          eb.cast<number>(eb.val(v.me), 'bigint').as('f'),
          eb.cast<number>(eb.val(v.target), 'bigint').as('t'),
          eb.cast<LikeKind>(eb.val(v.kind), 'text').as('k'),
          eb.cast<Date>(eb.val(v.now), 'timestamptz').as('at'),
          eb
            .exists(swipeFrom(eb as ExpressionBuilder<Database, never>, v.target, v.me))
            .$castTo<boolean>()
            .as('a'),
        ])
        .where(passedWith(v)),
    )
    .onConflict(keepFirstSwipeTime)
    .returning((eb) => [
      // xmax is 0 on a row this statement inserted, set on one it updated (PostgreSQL's system column).
      sql<boolean>`xmax = 0`.as('fresh'),
      eb
        .and([eb(eb.val(v.kind), '=', v.like), eb.exists(likeFrom(eb as ExpressionBuilder<Database, never>, v.target, v.me, v.like))])
        .$castTo<boolean>()
        .as('mutual'),
    ]);

/**
 * A swipe in one statement of its own (no transaction, issue 42): the pair's lock and the checks (withPairChecks),
 * then, only when they pass, what the swipe writes. A like introduces the liker to its target (it passed their
 * filters: AMENDMENTS §5.1); the other side's swipe (if any) gets its answer; the row is written, with whether the
 * other side liked back (`mutual`) and whether the row is new (`fresh`); a fresh like that is not mutual queues its
 * announcement's jobs (`tasks`…, bus.outboxRows of like.created). What the statement read of the other side is as it
 * began, before the lock: SETTLE_PAIR reads it again after.
 */
export const SWIPE_WRITE = compiledOnce(SWIPE, (db, v) => {
  const passed = passedWith(v);
  return (
    withPairChecks(db, v)
      .with('written', (q) => writeRow(q, v))
      // A like that passed the checks introduces the liker to its target (AMENDMENTS §5.1).
      .with('introduced', (q) =>
        q
          .insertInto('introductions')
          .columns(['viewer_id', 'subject_id', 'created_at'])
          .expression(
            q
              .selectFrom('checks')
              .select((eb) => [
                eb.cast<number>(eb.val(v.target), 'bigint').as('v'),
                eb.cast<number>(eb.val(v.me), 'bigint').as('s'),
                eb.cast<Date>(eb.val(v.now), 'timestamptz').as('at'),
              ])
              .where(passed)
              .where((eb) => eb(eb.val(v.kind), '=', v.like)),
          )
          .onConflict((oc) => oc.doNothing()),
      )
      .with('answered', (q) =>
        q
          .updateTable('likes')
          .set({ answered: v.yes })
          .where('from_id', '=', v.target)
          .where('to_id', '=', v.me)
          .where((eb) => eb.not(eb.ref('answered')))
          .where((eb) => eb.exists(eb.selectFrom('checks').select('checks.may_act').where(passed))),
      )
      .with('queued', (q) =>
        q
          .insertInto('job_outbox')
          .columns(['task', 'payload', 'job_key'])
          .expression(
            q
              .selectFrom(['written', outboxTable(v).as('j')])
              .select(['j.task', sql<string>`j.payload::jsonb`.as('payload'), 'j.job_key'])
              .where('written.fresh', '=', v.yes)
              .where((eb) => eb.not(eb.ref('written.mutual'))),
          ),
      )
      .selectFrom('checks')
      .leftJoin('written', (join) => join.onTrue())
      .select(['checks.may_act', 'checks.reachable', 'written.fresh', 'written.mutual'])
      // Every swipe: prepared, its plan kept (issue 42).
      .modifyEnd(sql.raw(PREPARE_MARK))
  );
});

/**
 * After a swipe committed, in a statement (and snapshot) of its own: each side's swipe is answered when the other side
 * swiped too, and whether both are likes (`mutual`). The swipe's statement took the pair's lock, so a swipe of the
 * other side committed either before this statement (found here) or after the swipe's own commit (its statement found
 * this one): of two likes at once, at least one side sees the match. Both rows are updated by one scan, under the
 * pair's lock as every swipe's rows are, so two of these (or this and a swipe) never wait for each other in turn.
 */
export const SETTLE_PAIR = compiledOnce(
  { pair: slot.string(), fromId: slot.number(), toId: slot.number(), like: fixed('LIKE' as const), yes: fixed(true) },
  (db, v) =>
    db
      .with('locked', (q) =>
        q.selectNoFrom((eb) => eb.fn<void>('pg_advisory_xact_lock', [eb.fn<number>('hashtext', [eb.val(v.pair)])]).as('locked')),
      )
      .with('settled', (q) =>
        q
          .updateTable('likes as l')
          .set({ answered: v.yes })
          .where((eb) =>
            eb.and([
              eb.or([
                eb.and([eb('l.from_id', '=', v.fromId), eb('l.to_id', '=', v.toId)]),
                eb.and([eb('l.from_id', '=', v.toId), eb('l.to_id', '=', v.fromId)]),
              ]),
              eb.not(eb.ref('l.answered')),
              eb.exists(
                eb
                  .selectFrom('likes as r')
                  .select(eb.lit(1).as('one'))
                  .whereRef('r.from_id', '=', 'l.to_id')
                  .whereRef('r.to_id', '=', 'l.from_id'),
              ),
              eb.exists(eb.selectFrom('locked').select('locked.locked')),
            ]),
          ),
      )
      .selectNoFrom((eb) =>
        eb
          .and([eb.exists(likeFrom(eb, v.fromId, v.toId, v.like)), eb.exists(likeFrom(eb, v.toId, v.fromId, v.like))])
          .$castTo<boolean>()
          .as('mutual'),
      )
      .modifyEnd(sql.raw(PREPARE_MARK)),
);
