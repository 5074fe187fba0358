import type { EntityManager } from '@mikro-orm/postgresql';
import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import { openPairChat, pairKeyOf } from '../chats/chats.service';
import { inTransaction, type EventBus } from '../events/event-bus';
import { sqlOf, type Database } from '../kysely';
import { AppError } from '../../contracts/errors';
import { bandArraysOn, bandsTable } from '../matching/band-table';
import { MEET_MESSAGES, reachable, unreachable } from '../matching/eligibility';
import { PREPARE_MARK } from '../../platform/postgres/prepared-statements';
import { compiledOnce, fixed, slot, type SlotValues } from '../compiled-once';
import type { LikeKind } from './like.entity';

export interface SwipeResult {
  /** Set when this like completed a mutual pair. */
  chatId: number | null;
  matched: boolean;
}

/** A swipe's values; `like` and `yes` are the constants the statement has always sent as parameters. */
const SWIPE = {
  fromId: slot.number(),
  toId: slot.number(),
  kind: slot.value<LikeKind>(),
  now: slot.value<Date>(),
  like: fixed('LIKE' as const),
  yes: fixed(true),
};
type SwipeValues = SlotValues<typeof SWIPE>;

/** `fromId`'s like of `toId`, as a subquery. */
const likeFrom = (eb: ExpressionBuilder<Database, 'likes'>, fromId: number, toId: number, like: 'LIKE') =>
  eb
    .selectFrom('likes as m')
    .select(eb.lit(1).as('one'))
    .where('m.from_id', '=', fromId)
    .where('m.to_id', '=', toId)
    .where('m.kind', '=', like);

/**
 * Writes the swipe in one statement: a like also introduces the liker to its target, the other side's like (if
 * any) gets its answer, and whether that side liked back comes with the row (`fresh` when the row is new).
 */
function writeSwipe(db: Kysely<Database>, { fromId, toId, kind, now, like, yes }: SwipeValues) {
  return (
    db
      // A like reaches its target (it passed their filters above): the liker is introduced to them (AMENDMENTS §5.1).
      .with('introduced', (q) =>
        q
          .insertInto('introductions')
          .columns(['viewer_id', 'subject_id', 'created_at'])
          .expression(
            q
              .selectNoFrom((eb) => [
                eb.cast<number>(eb.val(toId), 'bigint').as('v'),
                eb.cast<number>(eb.val(fromId), 'bigint').as('s'),
                eb.cast<Date>(eb.val(now), 'timestamptz').as('at'),
              ])
              .where((eb) => eb(eb.val(kind), '=', like)),
          )
          .onConflict((oc) => oc.doNothing()),
      )
      // The other side's like (if any) now has its answer: it leaves the liked-me pick and the likes screen.
      .with('answered', (q) =>
        q
          .updateTable('likes')
          .set({ answered: yes })
          .where('from_id', '=', toId)
          .where('to_id', '=', fromId)
          .where((eb) => eb.not(eb.ref('answered'))),
      )
      .insertInto('likes')
      .values((eb) => ({
        from_id: fromId,
        to_id: toId,
        kind,
        created_at: now,
        answered: eb
          .exists(eb.selectFrom('likes as r').select(eb.lit(1).as('one')).where('r.from_id', '=', toId).where('r.to_id', '=', fromId))
          .$castTo<boolean>(),
      }))
      .onConflict((oc) =>
        oc.columns(['from_id', 'to_id']).doUpdateSet((eb) => ({
          kind: eb.ref('excluded.kind'),
          created_at: eb
            .case()
            .when('likes.kind', '=', eb.ref('excluded.kind'))
            .then(eb.ref('likes.created_at'))
            .else(eb.ref('excluded.created_at'))
            .end(),
        })),
      )
      .returning((eb) => [
        // xmax is 0 on a row this statement inserted, set on one it updated (PostgreSQL's system column).
        sql<boolean>`xmax = 0`.as('fresh'),
        'kind',
        // Read as the statement began (under the pair's lock): the other side's like, committed before ours.
        eb
          .exists(likeFrom(eb, toId, fromId, like))
          .$castTo<boolean>()
          .as('mutual'),
      ])
      // Every swipe: prepared, its plan kept (issue 42).
      .modifyEnd(sql.raw(PREPARE_MARK))
  );
}

// Every swipe's two statements: compiled once (issue 42).
const SWIPE_WRITE = compiledOnce(SWIPE, writeSwipe);
const PAIR_CHECK = compiledOnce(
  {
    pair: slot.string(),
    me: slot.number(),
    bornBy: slot.value<string[]>(),
    from: slot.value<string[]>(),
    to: slot.value<string[]>(),
    target: slot.number(),
    approved: fixed('APPROVED' as const),
    pending: fixed('PENDING' as const),
    one: fixed(1),
  },
  (db, v) => {
    const bands = bandsTable(v);
    return (
      db
        // The liker's band, when they may act at all (as checkMayAct: their profile may browse, not banned): the band
        // of their birth date, read from bandsByAge's table as the likes badge reads it.
        .with('actor', (q) =>
          q
            .selectFrom('profiles as v')
            .innerJoin('users as u', 'u.telegram_id', 'v.user_telegram_id')
            .innerJoin(bands.as('b'), (join) => join.onRef('b.born_by', '>=', 'v.birth_date'))
            .select(['b.band_from', 'b.band_to'])
            .where('v.user_telegram_id', '=', v.me)
            .where('v.initial_moderation_status', '=', v.approved)
            .where('v.description_moderation_status', 'in', [v.approved, v.pending])
            .where((eb) => eb.not(eb.ref('u.is_banned')))
            .orderBy('b.born_by')
            .limit(v.one),
        )
        .selectNoFrom((eb) => [
          eb.fn<void>('pg_advisory_xact_lock', [eb.fn<number>('hashtext', [eb.val(v.pair)])]).as('locked'),
          eb.exists(eb.selectFrom('actor').select('actor.band_from')).$castTo<boolean>().as('may_act'),
          eb
            .selectFrom('actor')
            .select((a) =>
              reachable(
                a as unknown as ExpressionBuilder<Database, never>,
                { me: v.me, from: a.ref('actor.band_from'), to: a.ref('actor.band_to') },
                v.target,
              ).as('reachable'),
            )
            .as('reachable'),
        ])
        // Every swipe: prepared, its plan kept (issue 42).
        .modifyEnd(sql.raw(PREPARE_MARK))
    );
  },
);

/**
 * Records a like or dislike. Idempotent per pair; a like that meets a like from the other side makes
 * exactly one match and one chat, even when both arrive at the same moment (a per-pair advisory lock, which also
 * keeps each side's `answered` right when both swipe at once). In the transaction: the lock, whether the liker may
 * act at all (checkMayAct's rule) and whether they may reach the target, in one statement (issue 42: the liker's facts
 * were a statement of their own before the transaction, and their band a parameter computed from them), one statement
 * that writes the swipe, and only for a match the chat and its row.
 */
export async function swipe(
  em: EntityManager,
  bus: EventBus,
  input: { fromId: number; toId: number; kind: LikeKind; now?: Date },
): Promise<SwipeResult> {
  const now = input.now ?? new Date();
  const { fromId, toId, kind } = input;
  if (fromId === toId) throw new AppError('BAD_REQUEST', MEET_MESSAGES.self);
  return inTransaction(em, bus, async (tx, emit) => {
    const db = sqlOf(tx);
    const [checked] = await PAIR_CHECK.rows(db, {
      pair: `pair:${pairKeyOf(fromId, toId)}`,
      me: fromId,
      ...bandArraysOn(now),
      target: toId,
    });
    // As checkMayAct's refusal, then checkCanMeet's.
    if (checked?.may_act !== true) throw new AppError('FORBIDDEN', MEET_MESSAGES.notReady);
    if (checked.reachable !== true) throw unreachable();
    const [written] = await SWIPE_WRITE.rows(db, { fromId, toId, kind, now });
    if (kind !== 'LIKE') return { chatId: null, matched: false };
    if (!written?.mutual) {
      if (written?.fresh) emit({ name: 'like.created', payload: { fromId, toId } });
      return { chatId: null, matched: false };
    }
    const [low, high] = fromId < toId ? [fromId, toId] : [toId, fromId];
    const { chatId } = await openPairChat(tx, low, high, now);
    const match = await db
      .insertInto('matches')
      .values({ user_low_id: low, user_high_id: high, matched_at: now, chat_id: chatId })
      .onConflict((oc) => oc.doNothing())
      .returning('chat_id')
      .executeTakeFirst();
    if (match) emit({ name: 'match.created', payload: { userIds: [fromId, toId], chatId } });
    return { chatId, matched: true };
  });
}

const CLEAR_OLD_AFTER_MS = 14 * 86_400_000;

/**
 * Deletes the user's own unanswered likes older than two weeks. Received likes, matches and dislikes
 * stay (a disliked profile must not come back to the feed). Returns how many went.
 */
export async function clearOldLikes(em: EntityManager, userId: number, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - CLEAR_OLD_AFTER_MS);
  // The cleared people may come back to the feed, so their likes to the user are unanswered again.
  const row = await sqlOf(em)
    .with('gone', (db) =>
      db
        .deleteFrom('likes')
        .where('likes.from_id', '=', userId)
        .where('likes.kind', '=', 'LIKE')
        .where('likes.created_at', '<', before)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('matches as m')
                .select(eb.lit(1).as('one'))
                .where('m.user_low_id', '=', eb.fn<number>('least', ['likes.from_id', 'likes.to_id']))
                .where('m.user_high_id', '=', eb.fn<number>('greatest', ['likes.from_id', 'likes.to_id'])),
            ),
          ),
        )
        .returning('likes.to_id'),
    )
    .with('reopened', (db) =>
      db
        .updateTable('likes as r')
        .from('gone')
        .set({ answered: false })
        .whereRef('r.from_id', '=', 'gone.to_id')
        .where('r.to_id', '=', userId),
    )
    .selectFrom('gone')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
