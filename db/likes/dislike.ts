import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { pairKeyOf } from '../chats/chats.service';
import { sqlOf } from '../kysely';
import { bandArraysOn } from '../matching/band-table';
import { PREPARE_MARK } from '../../platform/postgres/prepared-statements';
import { compiledOnce, fixed, slot } from '../compiled-once';
import type { LikeKind } from './like.entity';
import type { SwipeResult } from './likes.service';
import { keepFirstSwipeTime, PAIR, refuseUnlessChecked, withPairChecks } from './pair-check';

/**
 * A dislike in one statement of its own (no transaction): the pair's lock, the checks, and the row written only when
 * they pass, whether that side's like was committed before it began (`answered`, fixed by ANSWER_PAIR after).
 */
const DISLIKE_WRITE = compiledOnce({ ...PAIR, now: slot.value<Date>(), dislike: fixed('DISLIKE' as const), yes: fixed(true) }, (db, v) =>
  withPairChecks(db, v)
    .with('written', (q) =>
      q
        .insertInto('likes')
        .columns(['from_id', 'to_id', 'kind', 'created_at', 'answered'])
        .expression(
          q
            .selectFrom('checks')
            .select((eb) => [
              eb.cast<number>(eb.val(v.me), 'bigint').as('f'),
              eb.cast<number>(eb.val(v.target), 'bigint').as('t'),
              eb.cast<LikeKind>(eb.val(v.dislike), 'text').as('k'),
              eb.cast<Date>(eb.val(v.now), 'timestamptz').as('at'),
              eb
                .exists(
                  eb.selectFrom('likes as r').select(eb.lit(1).as('one')).where('r.from_id', '=', v.target).where('r.to_id', '=', v.me),
                )
                .$castTo<boolean>()
                .as('a'),
            ])
            .where('checks.may_act', '=', v.yes)
            .where('checks.reachable', '=', v.yes),
        )
        .onConflict(keepFirstSwipeTime),
    )
    .selectFrom('checks')
    .select(['checks.may_act', 'checks.reachable'])
    .modifyEnd(sql.raw(PREPARE_MARK)),
);

/**
 * After a dislike committed, in a statement (and snapshot) of its own: the other side's row has its answer, and the
 * dislike's own row knows of the other side's. The dislike's statement took the pair's lock, so a like of the other
 * side committed either before this statement (found here) or after the dislike (its own write found the dislike).
 */
const ANSWER_PAIR = compiledOnce({ fromId: slot.number(), toId: slot.number(), yes: fixed(true) }, (db, v) =>
  db
    .with('theirs', (q) =>
      q
        .updateTable('likes')
        .set({ answered: v.yes })
        .where('from_id', '=', v.toId)
        .where('to_id', '=', v.fromId)
        .where((eb) => eb.not(eb.ref('answered'))),
    )
    .updateTable('likes')
    .set({ answered: v.yes })
    .where('from_id', '=', v.fromId)
    .where('to_id', '=', v.toId)
    .where((eb) =>
      eb.and([
        eb.not(eb.ref('answered')),
        eb.exists(eb.selectFrom('likes as r').select(eb.lit(1).as('one')).where('r.from_id', '=', v.toId).where('r.to_id', '=', v.fromId)),
      ]),
    )
    .modifyEnd(sql.raw(PREPARE_MARK)),
);

/** A dislike: its statement, then the pair's answers (no transaction; two statements in all). */
export async function dislike(em: EntityManager, fromId: number, toId: number, now: Date): Promise<SwipeResult> {
  const db = sqlOf(em);
  const [checked] = await DISLIKE_WRITE.rows(db, {
    pair: `pair:${pairKeyOf(fromId, toId)}`,
    me: fromId,
    ...bandArraysOn(now),
    target: toId,
    now,
  });
  refuseUnlessChecked(checked);
  await ANSWER_PAIR.rows(db, { fromId, toId });
  return { chatId: null, matched: false };
}
