import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../contracts/errors';
import { UNDO_MESSAGES } from '../../contracts/likes';
import { sqlOf } from '../kysely';
import { checkCanMeet } from '../matching/eligibility';
import { lockInTransaction } from './advisory-lock';

/**
 * Takes back the viewer's last swipe when it is a dislike of `targetId` (one step: a swipe made before the last
 * undo cannot be taken back, nor can a like). The person may come back only while the viewer may still meet them.
 */
export async function undoLastDislike(em: EntityManager, meId: number, targetId: number, now = new Date()): Promise<void> {
  await em.transactional(async (tx) => {
    // Two undos at once must not both pass the one-step check.
    await lockInTransaction(tx, `undo:${meId}`);
    const db = sqlOf(tx);
    const last = await db
      .selectFrom('likes as l')
      .leftJoin('swipe_undos as u', 'u.user_id', 'l.from_id')
      .select(['l.to_id', 'l.kind', 'l.created_at', 'u.undone_at'])
      .where('l.from_id', '=', meId)
      .orderBy('l.created_at', 'desc')
      .orderBy('l.to_id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!last) throw new AppError('CONFLICT', UNDO_MESSAGES.nothing);
    if (Number(last.to_id) !== targetId || (last.undone_at && last.undone_at >= last.created_at))
      throw new AppError('CONFLICT', UNDO_MESSAGES.onlyLast);
    if (last.kind !== 'DISLIKE') throw new AppError('CONFLICT', UNDO_MESSAGES.notDislike);
    await checkCanMeet(tx, meId, targetId, now);
    await db.deleteFrom('likes').where('from_id', '=', meId).where('to_id', '=', targetId).where('kind', '=', 'DISLIKE').execute();
    // Their like (if any) waits for an answer again, as before the dislike.
    await db.updateTable('likes').set({ answered: false }).where('from_id', '=', targetId).where('to_id', '=', meId).execute();
    await db
      .insertInto('swipe_undos')
      .values({ user_id: meId, undone_at: now })
      .onConflict((oc) => oc.column('user_id').doUpdateSet((eb) => ({ undone_at: eb.ref('excluded.undone_at') })))
      .execute();
  });
}
