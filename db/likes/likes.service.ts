import type { EntityManager } from '@mikro-orm/postgresql';
import { openPairChat, pairKeyOf } from '../chats/chats.service';
import { inTransaction, type EventBus } from '../events/event-bus';
import { checkCanMeet } from '../matching/eligibility';
import type { LikeKind } from './like.entity';
import { query } from '../sql';

export interface SwipeResult {
  /** Set when this like completed a mutual pair. */
  chatId: number | null;
  matched: boolean;
}

/**
 * Records a like or dislike. Idempotent per pair; a like that meets a like from the other side makes
 * exactly one match and one chat, even when both arrive at the same moment (a per-pair advisory lock).
 */
export async function swipe(em: EntityManager, bus: EventBus, input: { fromId: number; toId: number; kind: LikeKind; now?: Date }): Promise<SwipeResult> {
  const now = input.now ?? new Date();
  const { fromId, toId, kind } = input;
  await checkCanMeet(em, fromId, toId, now);
  return inTransaction(em, bus, async (tx, emit) => {
    await query(tx, 'SELECT pg_advisory_xact_lock(hashtext(?))', [`pair:${pairKeyOf(fromId, toId)}`]);
    const written: Array<{ fresh: boolean }> = await query(tx, 
      `INSERT INTO likes (from_id, to_id, kind, created_at, answered)
       VALUES (?, ?, ?, ?, EXISTS (SELECT 1 FROM likes r WHERE r.from_id = ? AND r.to_id = ?))
       ON CONFLICT (from_id, to_id) DO UPDATE SET kind = EXCLUDED.kind,
         created_at = CASE WHEN likes.kind = EXCLUDED.kind THEN likes.created_at ELSE EXCLUDED.created_at END
       RETURNING (xmax = 0) AS fresh, kind`,
      [fromId, toId, kind, now, toId, fromId],
    );
    // The other side's like (if any) now has its answer: it leaves the liked-me pick and the likes screen.
    await query(tx, 'UPDATE likes SET answered = true WHERE from_id = ? AND to_id = ? AND NOT answered', [toId, fromId]);
    const fresh = written[0]?.fresh ?? false;
    if (kind !== 'LIKE') return { chatId: null, matched: false };

    const mutual: unknown[] = await query(tx, "SELECT 1 FROM likes WHERE from_id = ? AND to_id = ? AND kind = 'LIKE'", [toId, fromId]);
    if (mutual.length === 0) {
      if (fresh) emit({ name: 'like.created', payload: { fromId, toId } });
      return { chatId: null, matched: false };
    }
    const [low, high] = fromId < toId ? [fromId, toId] : [toId, fromId];
    const { chatId } = await openPairChat(tx, low, high, now);
    const match: unknown[] = await query(tx, 
      'INSERT INTO matches (user_low_id, user_high_id, matched_at, chat_id) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING RETURNING chat_id',
      [low, high, now, chatId],
    );
    if (match.length > 0) emit({ name: 'match.created', payload: { userIds: [fromId, toId], chatId } });
    return { chatId, matched: true };
  });
}

export const CLEAR_OLD_AFTER_MS = 14 * 86_400_000;

/**
 * Deletes the user's own unanswered likes older than two weeks. Received likes, matches and dislikes
 * stay (a disliked profile must not come back to the feed). Returns how many went.
 */
export async function clearOldLikes(em: EntityManager, userId: number, now = new Date()): Promise<number> {
  // The cleared people may come back to the feed, so their likes to the user are unanswered again.
  const rows = await query<{ n: string }>(em,
    `WITH gone AS (
       DELETE FROM likes l WHERE l.from_id = :me AND l.kind = 'LIKE' AND l.created_at < :before
          AND NOT EXISTS (SELECT 1 FROM matches m WHERE m.user_low_id = LEAST(l.from_id, l.to_id) AND m.user_high_id = GREATEST(l.from_id, l.to_id))
       RETURNING l.to_id),
     reopened AS (UPDATE likes r SET answered = false FROM gone WHERE r.from_id = gone.to_id AND r.to_id = :me)
     SELECT count(*) AS n FROM gone`,
    { me: userId, before: new Date(now.getTime() - CLEAR_OLD_AFTER_MS) },
  );
  return Number(rows[0]?.n ?? 0);
}
