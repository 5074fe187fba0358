import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../api/contracts/errors';
import { canMeet } from './age-band';
import { isBlockedEitherWay, loadMeetFacts, type MeetFacts } from './meet-facts';

export const MEET_MESSAGES = {
  self: 'Нельзя оценить свою анкету',
  notReady: 'Ваша анкета ещё не прошла модерацию',
  unavailable: 'Анкета недоступна',
} as const;

/**
 * Whether `me` may see or act on `target` now (AMENDMENTS §1.3 and blocking).
 * The reasons for 'unavailable' are not told apart, so nobody can probe ages or blocks.
 */
export async function checkCanMeet(
  em: EntityManager,
  meId: number,
  targetId: number,
  now: Date,
): Promise<{ me: MeetFacts; target: MeetFacts }> {
  if (meId === targetId) throw new AppError('BAD_REQUEST', MEET_MESSAGES.self);
  const facts = await loadMeetFacts(em, [meId, targetId]);
  const me = facts.get(meId);
  const target = facts.get(targetId);
  if (!me?.canBrowse || !me.birthDate || me.isBanned) throw new AppError('FORBIDDEN', MEET_MESSAGES.notReady);
  if (!target || !target.isVisible || target.isBanned || !target.birthDate || !canMeet(me.birthDate, target.birthDate, now)) {
    throw new AppError('NOT_FOUND', MEET_MESSAGES.unavailable);
  }
  if (await isBlockedEitherWay(em, meId, targetId)) throw new AppError('NOT_FOUND', MEET_MESSAGES.unavailable);
  return { me, target };
}
