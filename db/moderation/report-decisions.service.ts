import type { Actor } from '../users/session-user';
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../contracts/errors';
import { REASON_MESSAGE, fittingReason } from '../../contracts/moderation-reasons';
import { REPORT_ACTION_STATUS, REPORT_MODERATION_MESSAGES as M, type ReportAction } from '../../contracts/moderation-reports';
import { reportOutcome } from '../../contracts/moderation-outcome';
import { recordAudit } from '../audit/audit.service';
import { inTransaction, type Emit, type EventBus } from '../events/event-bus';
import { Report } from '../reports/report.entity';
import { refuseForbiddenBan } from '../users/ban-rules';
import { banUser } from '../users/user-ban.service';
import { User } from '../users/user.entity';
import { alreadyDecided } from './decided-refusal';
import { assertModerator } from './item-decisions.service';
import { removeReportedMessage } from './reported-message-removal';
import { dropEvidenceOf, removeFilesOf } from '../chats/withdrawn-photos';
import type { Storage } from '../media/storage';

export interface ReportDecision {
  reportId: number;
  action: ReportAction;
  /** Required for BLOCK (the one ban rule); a note for REJECT; none for WARN and REMOVE_MESSAGE. */
  reason?: string | null;
}

const AUDIT_ACTIONS: Record<ReportAction, string> = {
  REJECT: 'report.reject',
  BLOCK: 'report.block',
  WARN: 'report.warn',
  REMOVE_MESSAGE: 'report.remove_message',
};

/** Nobody decides a report about themselves, and reports about staff are for admins only (whatever the action). */
async function refuseDecider(tx: EntityManager, report: Report, moderator: Actor): Promise<void> {
  if (report.reportedUserId === moderator.telegramId) throw new AppError('FORBIDDEN', M.aboutSelf);
  if (moderator.role === 'ADMIN') return;
  const target = await tx.findOne(User, { telegramId: report.reportedUserId });
  if (target && target.role !== 'USER') throw new AppError('FORBIDDEN', M.aboutStaff);
}

/** Refusals that change nothing: a ban without a fitting reason or forbidden, a removal without a message. */
async function refuseAction(tx: EntityManager, report: Report, moderator: Actor, decision: ReportDecision): Promise<string | null> {
  if (decision.action === 'REMOVE_MESSAGE' && (report.reportType !== 'MESSAGE' || !report.messageId))
    throw new AppError('BAD_REQUEST', M.noMessage);
  if (decision.action !== 'BLOCK') return decision.action === 'REJECT' ? decision.reason?.trim() || null : null;
  const reason = fittingReason(decision.reason);
  if (!reason) throw new AppError('BAD_REQUEST', REASON_MESSAGE);
  // Before other reports are locked: the roster lock comes before other rows.
  await refuseForbiddenBan(tx, moderator, report.reportedUserId);
  return reason;
}

/** Other open reports about a blocked user are settled with the same decision; answers them. */
async function settleOthers(tx: EntityManager, emit: Emit, report: Report, resolution: Record<string, unknown>): Promise<Report[]> {
  const others = await tx.find(
    Report,
    { reportedUserId: report.reportedUserId, status: 'PENDING', id: { $ne: report.id } },
    { lockMode: LockMode.PESSIMISTIC_WRITE },
  );
  for (const other of others) {
    tx.assign(other, resolution);
    emit({
      name: 'report.decided',
      payload: { reportId: other.id, reportedUserId: other.reportedUserId, status: 'BLOCKED', reviewerId: other.reviewerId ?? null },
    });
  }
  return others;
}

/**
 * REJECT closes the report; BLOCK bans the reported user at once; WARN has the bot send them a neutral warning
 * (on 'report.decided'); REMOVE_MESSAGE deletes the reported message for both sides. The first decision wins, as for items.
 * A deleted message's photo the decided reports held goes (AMENDMENTS §5.5): its files at once with `storage`, else
 * by the queued job.
 */
export async function decideReport(
  em: EntityManager,
  bus: EventBus,
  moderator: Actor,
  decision: ReportDecision,
  storage?: Storage,
): Promise<Report> {
  assertModerator(moderator);
  const { report, dropped } = await decideInTransaction(em, bus, moderator, decision);
  if (storage) await removeFilesOf(storage, dropped).catch(() => undefined);
  return report;
}

function decideInTransaction(
  em: EntityManager,
  bus: EventBus,
  moderator: Actor,
  decision: ReportDecision,
): Promise<{ report: Report; dropped: string[] }> {
  return inTransaction(em, bus, async (tx, emit) => {
    const report = await tx.findOne(Report, { id: decision.reportId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!report) throw new AppError('NOT_FOUND', M.notFound);
    if (report.status !== 'PENDING')
      throw await alreadyDecided(tx, {
        outcome: reportOutcome(report.status),
        reviewerId: report.reviewerId ?? null,
        resolvedAt: report.resolvedAt ?? null,
      });
    await refuseDecider(tx, report, moderator);
    const reason = await refuseAction(tx, report, moderator, decision);
    const status = REPORT_ACTION_STATUS[decision.action];
    const audit = AUDIT_ACTIONS[decision.action];
    const resolution = { status, resolution: reason, reviewerId: moderator.telegramId, resolvedAt: new Date() };
    tx.assign(report, resolution);
    recordAudit(tx, {
      actorId: moderator.telegramId,
      action: audit,
      targetType: 'user',
      targetId: report.reportedUserId,
      details: { reportId: report.id, reason },
    });
    emit({
      name: 'report.decided',
      payload: { reportId: report.id, reportedUserId: report.reportedUserId, status, reviewerId: moderator.telegramId },
    });
    if (decision.action === 'REMOVE_MESSAGE') await removeReportedMessage(tx, emit, report.messageId!);
    const decided = [report];
    if (decision.action === 'BLOCK') {
      decided.push(...(await settleOthers(tx, emit, report, resolution)));
      await banUser(tx, emit, { userId: report.reportedUserId, reason, by: moderator, source: { reportId: report.id } });
    }
    // Decided: a deleted message's photo kept as their evidence goes now (AMENDMENTS §5.5).
    return { report, dropped: await dropEvidenceOf(tx, decided) };
  });
}
