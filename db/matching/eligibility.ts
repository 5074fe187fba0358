import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../api/contracts/errors';
import { sqlOf } from '../kysely';
import { meetableBirthRange } from './age-band';
import { loadMeetFacts } from './meet-facts';
import { isVisiblePeer } from './visible-peer';

export const MEET_MESSAGES = {
  self: 'Нельзя оценить свою анкету',
  notReady: 'Ваша анкета ещё не прошла модерацию',
  unavailable: 'Анкета недоступна',
} as const;

/**
 * Whether `me` may reach `targetId` now (AMENDMENTS §1.3, §5.1): the product introduced them to `me`, they are
 * visible, in `me`'s age band, not banned, not blocked either way, and both pass each other's filters. One query,
 * whether or not the id exists, so the answer and its time say nothing about who uses the app.
 */
export async function canReach(em: EntityManager, me: { telegramId: number; birthDate: string }, targetId: number, now: Date) {
  const viewer = { me: me.telegramId, ...meetableBirthRange(me.birthDate, now) };
  const row = await sqlOf(em)
    .selectFrom('profiles as p')
    .select((eb) => eb.lit(1).as('one'))
    .where('p.user_telegram_id', '=', targetId)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('introductions as i')
          .select(eb.lit(1).as('one'))
          .where('i.viewer_id', '=', me.telegramId)
          .whereRef('i.subject_id', '=', 'p.user_telegram_id'),
      ),
    )
    .where((eb) => isVisiblePeer(eb, viewer))
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Refuses unless `me` may see or act on `targetId` now. The reasons for 'unavailable' are not told apart (age,
 * block, ban, filters, no introduction, no such user), so nobody can probe who is on the app.
 */
export async function checkCanMeet(em: EntityManager, meId: number, targetId: number, now: Date): Promise<void> {
  if (meId === targetId) throw new AppError('BAD_REQUEST', MEET_MESSAGES.self);
  const me = (await loadMeetFacts(em, [meId])).get(meId);
  if (!me?.canBrowse || !me.birthDate || me.isBanned) throw new AppError('FORBIDDEN', MEET_MESSAGES.notReady);
  if (!(await canReach(em, { telegramId: meId, birthDate: me.birthDate }, targetId, now)))
    throw new AppError('NOT_FOUND', MEET_MESSAGES.unavailable);
}
