import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../api/contracts/errors';
import { UNDO_MESSAGES } from '../../api/contracts/likes';
import { checkCanMeet } from '../matching/eligibility';
import { query } from '../sql';

interface LastSwipe {
  to_id: string;
  kind: 'LIKE' | 'DISLIKE';
  created_at: Date;
  undone_at: Date | null;
}

/**
 * Takes back the viewer's last swipe when it is a dislike of `targetId` (one step: a swipe made before the last
 * undo cannot be taken back, nor can a like). The person may come back only while the viewer may still meet them.
 */
export async function undoLastDislike(em: EntityManager, meId: number, targetId: number, now = new Date()): Promise<void> {
  await em.transactional(async (tx) => {
    // Two undos at once must not both pass the one-step check.
    await query(tx, 'SELECT pg_advisory_xact_lock(hashtext(?))', [`undo:${meId}`]);
    const [last] = await query<LastSwipe>(tx,
      `SELECT l.to_id, l.kind, l.created_at, u.undone_at FROM likes l LEFT JOIN swipe_undos u ON u.user_id = l.from_id
        WHERE l.from_id = ? ORDER BY l.created_at DESC, l.to_id DESC LIMIT 1`,
      [meId],
    );
    if (!last) throw new AppError('CONFLICT', UNDO_MESSAGES.nothing);
    if (Number(last.to_id) !== targetId || (last.undone_at && last.undone_at >= last.created_at)) throw new AppError('CONFLICT', UNDO_MESSAGES.onlyLast);
    if (last.kind !== 'DISLIKE') throw new AppError('CONFLICT', UNDO_MESSAGES.notDislike);
    await checkCanMeet(tx, meId, targetId, now);
    await query(tx, "DELETE FROM likes WHERE from_id = ? AND to_id = ? AND kind = 'DISLIKE'", [meId, targetId]);
    // Their like (if any) waits for an answer again, as before the dislike.
    await query(tx, 'UPDATE likes SET answered = false WHERE from_id = ? AND to_id = ?', [targetId, meId]);
    await query(tx,
      'INSERT INTO swipe_undos (user_id, undone_at) VALUES (?, ?) ON CONFLICT (user_id) DO UPDATE SET undone_at = EXCLUDED.undone_at',
      [meId, now],
    );
  });
}
