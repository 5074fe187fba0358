import type { EntityManager } from '@mikro-orm/postgresql';
import { openPairChat, pairKeyOf } from '../chats/chats.service';
import { inTransaction, type EventBus } from '../events/event-bus';
import type { DomainEvent } from '../events/domain-events';
import { outboxArrays } from '../events/job-outbox';
import { sqlOf } from '../kysely';
import { AppError } from '../../contracts/errors';
import { bandArraysOn } from '../matching/band-table';
import { MEET_MESSAGES } from '../matching/eligibility';
import type { LikeKind } from './like.entity';
import { refuseUnlessChecked } from './pair-check';
import { SETTLE_PAIR, SWIPE_WRITE } from './swipe-statements';

export interface SwipeResult {
  /** Set when this like completed a mutual pair. */
  chatId: number | null;
  matched: boolean;
}

/**
 * Records a like or dislike. Idempotent per pair; a like that meets a like from the other side makes exactly one match
 * and one chat, even when both arrive at the same moment. No transaction (issue 42: begin and commit were half of a
 * swipe's statements): one statement takes the per-pair advisory lock, checks that the liker may act at all
 * (checkMayAct's rule) and may reach the target, and writes the swipe (SWIPE_WRITE); unless it found the match, one
 * more settles the pair's answers and reads whether both sides like (SETTLE_PAIR), so each side's `answered` is right
 * and the match is found when both swipe at once. Only a match takes a transaction: the chat and its row.
 */
export async function swipe(
  em: EntityManager,
  bus: EventBus,
  input: { fromId: number; toId: number; kind: LikeKind; now?: Date },
): Promise<SwipeResult> {
  const now = input.now ?? new Date();
  const { fromId, toId, kind } = input;
  if (fromId === toId) throw new AppError('BAD_REQUEST', MEET_MESSAGES.self);
  const db = sqlOf(em);
  const pair = `pair:${pairKeyOf(fromId, toId)}`;
  const liked: DomainEvent = { name: 'like.created', payload: { fromId, toId } };
  const [written] = await SWIPE_WRITE.rows(db, {
    pair,
    me: fromId,
    ...bandArraysOn(now),
    target: toId,
    kind,
    now,
    ...outboxArrays(kind === 'LIKE' ? bus.outboxRows([liked]) : []),
  });
  refuseUnlessChecked(written);
  // Its jobs were written with it.
  if (written?.fresh && kind === 'LIKE' && !written.mutual) bus.publish(liked);
  const mutual = written?.mutual === true || (await SETTLE_PAIR.rows(db, { pair, fromId, toId }))[0]?.mutual === true;
  return mutual ? openMatch(em, bus, fromId, toId, now) : { chatId: null, matched: false };
}

/** The match of a mutual like: its chat and its row, once however many times both sides find it. */
function openMatch(em: EntityManager, bus: EventBus, fromId: number, toId: number, now: Date): Promise<SwipeResult> {
  return inTransaction(em, bus, async (tx, emit) => {
    const [low, high] = fromId < toId ? [fromId, toId] : [toId, fromId];
    const { chatId } = await openPairChat(tx, low, high, now);
    const match = await sqlOf(tx)
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
