import type { EntityManager } from '@mikro-orm/postgresql';
import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import { openPairChat, pairKeyOf } from '../chats/chats.service';
import { inTransaction, type EventBus } from '../events/event-bus';
import { sqlOf, type Database } from '../kysely';
import { AppError } from '../../contracts/errors';
import { bandArraysOn } from '../matching/band-table';
import { dislike } from './dislike';
import { keepFirstSwipeTime, PAIR_CHECK, refuseUnlessChecked } from './pair-check';
import { MEET_MESSAGES } from '../matching/eligibility';
import { PREPARE_MARK } from '../../platform/postgres/prepared-statements';
import { compiledOnce, fixed, slot, type SlotValues } from '../compiled-once';
import type { LikeKind } from './like.entity';

export interface SwipeResult {
  /** Set when this like completed a mutual pair. */
  chatId: number | null;
  matched: boolean;
}

/** A like's values; `like` and `yes` are the constants the statement has always sent as parameters. */
const LIKE_WRITE_VALUES = {
  fromId: slot.number(),
  toId: slot.number(),
  now: slot.value<Date>(),
  like: fixed('LIKE' as const),
  yes: fixed(true),
};
type LikeValues = SlotValues<typeof LIKE_WRITE_VALUES>;

/** `fromId`'s like of `toId`, as a subquery. */
const likeFrom = (eb: ExpressionBuilder<Database, 'likes'>, fromId: number, toId: number, like: 'LIKE') =>
  eb
    .selectFrom('likes as m')
    .select(eb.lit(1).as('one'))
    .where('m.from_id', '=', fromId)
    .where('m.to_id', '=', toId)
    .where('m.kind', '=', like);

/**
 * Writes a like in one statement: it introduces the liker to its target, the other side's swipe (if any) gets its
 * answer, and whether that side liked back comes with the row (`fresh` when the row is new).
 */
function writeLike(db: Kysely<Database>, { fromId, toId, now, like, yes }: LikeValues) {
  return (
    db
      // A like reaches its target (it passed their filters above): the liker is introduced to them (AMENDMENTS §5.1).
      .with('introduced', (q) =>
        q
          .insertInto('introductions')
          .values({ viewer_id: toId, subject_id: fromId, created_at: now })
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
        kind: like,
        created_at: now,
        answered: eb
          .exists(eb.selectFrom('likes as r').select(eb.lit(1).as('one')).where('r.from_id', '=', toId).where('r.to_id', '=', fromId))
          .$castTo<boolean>(),
      }))
      .onConflict(keepFirstSwipeTime)
      .returning((eb) => [
        // xmax is 0 on a row this statement inserted, set on one it updated (PostgreSQL's system column).
        sql<boolean>`xmax = 0`.as('fresh'),
        // Read as the statement began (under the pair's lock): the other side's like, committed before ours.
        eb
          .exists(likeFrom(eb, toId, fromId, like))
          .$castTo<boolean>()
          .as('mutual'),
      ])
      // Every like: prepared, its plan kept (issue 42).
      .modifyEnd(sql.raw(PREPARE_MARK))
  );
}

const LIKE_WRITE = compiledOnce(LIKE_WRITE_VALUES, writeLike);

/**
 * Records a like or dislike. Idempotent per pair; a like that meets a like from the other side makes
 * exactly one match and one chat, even when both arrive at the same moment (a per-pair advisory lock, which also
 * keeps each side's `answered` right when both swipe at once). A like is a transaction: the lock with whether the
 * liker may act at all (checkMayAct's rule) and may reach the target, in one statement, one statement that writes
 * the like, its notify job, and only for a match the chat and its row. A dislike (most swipes) needs no transaction
 * (issue 42: begin and commit were half of its statements): one statement takes the lock, checks and writes, and one
 * after it settles the pair's answers.
 */
export async function swipe(
  em: EntityManager,
  bus: EventBus,
  input: { fromId: number; toId: number; kind: LikeKind; now?: Date },
): Promise<SwipeResult> {
  const now = input.now ?? new Date();
  const { fromId, toId, kind } = input;
  if (fromId === toId) throw new AppError('BAD_REQUEST', MEET_MESSAGES.self);
  if (kind === 'DISLIKE') return dislike(em, fromId, toId, now);
  return inTransaction(em, bus, async (tx, emit) => {
    const db = sqlOf(tx);
    const [checked] = await PAIR_CHECK.rows(db, {
      pair: `pair:${pairKeyOf(fromId, toId)}`,
      me: fromId,
      ...bandArraysOn(now),
      target: toId,
    });
    refuseUnlessChecked(checked);
    const [written] = await LIKE_WRITE.rows(db, { fromId, toId, now });
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
