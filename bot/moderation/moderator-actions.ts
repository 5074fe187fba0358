import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, MESSAGES } from '../../contracts/errors';
import { DECISION_LABELS } from '../../contracts/moderation';
import { OUTCOME_LABELS, reportOutcome } from '../../contracts/moderation-outcome';
import type { EventBus } from '../../db/events/event-bus';
import { decideItem, type ItemDecision } from '../../db/moderation/item-decisions.service';
import { decideReport, type ReportDecision } from '../../db/moderation/report-decisions.service';
import type { Orm } from '../../db/orm';
import { isModerator } from '../../db/users/users.service';
import { User } from '../../db/users/user.entity';

export interface ActionDeps {
  orm: Orm;
  bus: EventBus;
}

/** What the presser is told; plain data, so a conversation can replay it. */
export interface ActionResult {
  ok: boolean;
  text: string;
}

/** The presser as stored in the database, if a moderator or admin who is not banned (checked on every press). */
export async function staffMember(em: EntityManager, telegramId: number): Promise<User | null> {
  const user = await em.findOne(User, { telegramId });
  return user && isModerator(user.role) && !user.isBanned ? user : null;
}

async function asModerator(
  deps: ActionDeps,
  telegramId: number,
  act: (em: EntityManager, moderator: User) => Promise<string>,
): Promise<ActionResult> {
  const em = deps.orm.em.fork();
  const moderator = await staffMember(em, telegramId);
  if (!moderator) return { ok: false, text: MESSAGES.forbidden };
  try {
    return { ok: true, text: await act(em, moderator) };
  } catch (err) {
    // Refusals (already decided, own profile, bad reason) are for the moderator to read.
    if (err instanceof AppError) return { ok: false, text: err.message };
    throw err;
  }
}

export const decideItemAs = (deps: ActionDeps, telegramId: number, decision: ItemDecision) =>
  asModerator(
    deps,
    telegramId,
    async (em, moderator) => DECISION_LABELS[(await decideItem(em, deps.bus, moderator, decision)).status as keyof typeof DECISION_LABELS],
  );

export const decideReportAs = (deps: ActionDeps, telegramId: number, decision: ReportDecision) =>
  asModerator(deps, telegramId, async (em, moderator) => {
    const report = await decideReport(em, deps.bus, moderator, decision);
    return OUTCOME_LABELS[reportOutcome(report.status)]!;
  });
