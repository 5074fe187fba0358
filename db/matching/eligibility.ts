import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../contracts/errors';
import { sql, type AliasableExpression, type ExpressionBuilder } from 'kysely';
import { sqlOf, type Database } from '../kysely';
import { PREPARE_MARK } from '../../platform/postgres/prepared-statements';
import { meetableBirthRange } from './age-band';
import { loadMeetFacts } from './meet-facts';
import { isVisiblePeer, type PeerViewer } from './visible-peer';
import { compiledOnce, slot } from '../compiled-once';

export const MEET_MESSAGES = {
  self: 'Нельзя оценить свою анкету',
  notReady: 'Ваша анкета ещё не прошла модерацию',
  unavailable: 'Анкета недоступна',
} as const;

/** Who acts: their id and birth date (whence their age band). */
export interface Actor {
  telegramId: number;
  birthDate: string;
}

/**
 * Who reaches: their id and their age band today (meetableBirthRange), as the values reachable's statement takes or,
 * where the statement reads the band itself (the swipe's pair check), as its columns.
 */
export type Reacher = PeerViewer;

const reacherOf = (me: Actor, now: Date): Reacher & { from: string; to: string } => ({
  me: me.telegramId,
  ...meetableBirthRange(me.birthDate, now),
});

/**
 * Whether `me` may reach `targetId` now (AMENDMENTS §1.3, §5.1), as an expression: the product introduced them to `me`,
 * they are visible, in `me`'s age band, not banned, not blocked either way, and both pass each other's filters. The
 * introduction is asked first and alone (CASE evaluates in order): for anyone never introduced, as for an id that
 * nobody has, the work is one index probe that finds nothing, so neither the answer nor its time tells them apart.
 */
export function reachable(eb: ExpressionBuilder<Database, never>, viewer: Reacher, targetId: number): AliasableExpression<boolean> {
  return eb
    .case()
    .when(
      eb.exists(
        eb
          .selectFrom('introductions as i')
          .select(eb.lit(1).as('one'))
          .where('i.viewer_id', '=', viewer.me)
          .where('i.subject_id', '=', targetId),
      ),
    )
    .then(
      eb.exists(
        eb
          .selectFrom('profiles as p')
          .select(eb.lit(1).as('one'))
          .where('p.user_telegram_id', '=', targetId)
          .where((p) => isVisiblePeer(p, viewer)),
      ),
    )
    .else(eb.lit(false))
    .end()
    .$castTo<boolean>();
}

// Before every view and report: compiled once and prepared, its plan kept (issue 42).
const CAN_REACH = compiledOnce({ me: slot.number(), from: slot.string(), to: slot.string(), target: slot.number() }, (db, v) =>
  db.selectNoFrom((eb) => reachable(eb, v, v.target).as('reachable')).modifyEnd(sql.raw(PREPARE_MARK)),
);

/** Whether `me` may reach `targetId` now (see reachable). */
export async function canReach(em: EntityManager, me: Actor, targetId: number, now: Date) {
  const [row] = await CAN_REACH.rows(sqlOf(em), { ...reacherOf(me, now), target: targetId });
  return row?.reachable === true;
}

/**
 * Refuses unless `me` may act on anyone now (not on themselves; their profile may browse; not banned); returns who
 * acts, for reachable. A refusal for the target comes from canReach (checkCanMeet) or the caller's own check.
 */
async function checkMayAct(em: EntityManager, meId: number, targetId: number): Promise<Actor> {
  if (meId === targetId) throw new AppError('BAD_REQUEST', MEET_MESSAGES.self);
  const me = (await loadMeetFacts(em, [meId])).get(meId);
  if (!me?.canBrowse || !me.birthDate || me.isBanned) throw new AppError('FORBIDDEN', MEET_MESSAGES.notReady);
  return { telegramId: meId, birthDate: me.birthDate };
}

/** The refusal for a target `me` may not reach; its reasons are never told apart (see checkCanMeet). */
export const unreachable = () => new AppError('NOT_FOUND', MEET_MESSAGES.unavailable);

/**
 * Refuses unless `me` may see or act on `targetId` now. The reasons for 'unavailable' are not told apart (age,
 * block, ban, filters, no introduction, no such user), so nobody can probe who is on the app.
 */
export async function checkCanMeet(em: EntityManager, meId: number, targetId: number, now: Date): Promise<void> {
  const me = await checkMayAct(em, meId, targetId);
  if (!(await canReach(em, me, targetId, now))) throw unreachable();
}
