import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../api/contracts/errors';
import { REPORT_MODERATION_MESSAGES as M } from '../../api/contracts/moderation-reports';
import { recordAudit } from '../audit/audit.service';
import { inTransaction, type Emit, type EventBus } from '../events/event-bus';
import { Report } from '../reports/report.entity';
import { refuseForbiddenBan } from '../users/ban-rules';
import { banUser } from '../users/user-ban.service';
import { User } from '../users/user.entity';
import { alreadyDecided } from './decided-refusal';
import { assertModerator } from './item-decisions.service';

export interface ReportDecision {
  reportId: number;
  action: 'REJECT' | 'BLOCK';
  /** Required (≥ 4, checked by the contract) for BLOCK. */
  reason: string | null;
}

/** Nobody decides a report about themselves, and reports about staff are for admins only (whatever the action). */
async function refuseDecider(tx: EntityManager, report: Report, moderator: User): Promise<void> {
  if (report.reportedUserId === moderator.telegramId) throw new AppError('FORBIDDEN', M.aboutSelf);
  if (moderator.role === 'ADMIN') return;
  const target = await tx.findOne(User, { telegramId: report.reportedUserId });
  if (target && target.role !== 'USER') throw new AppError('FORBIDDEN', M.aboutStaff);
}

/** Other open reports about a blocked user are settled with the same decision. */
async function settleOthers(tx: EntityManager, emit: Emit, report: Report, resolution: Record<string, unknown>): Promise<void> {
  const others = await tx.find(Report, { reportedUserId: report.reportedUserId, status: 'PENDING', id: { $ne: report.id } }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  for (const other of others) {
    tx.assign(other, resolution);
    emit({ name: 'report.decided', payload: { reportId: other.id, reportedUserId: other.reportedUserId, status: 'BLOCKED', reviewerId: other.reviewerId ?? null } });
  }
}

/** REJECT closes the report; BLOCK bans the reported user at once. The first decision wins, as for items. */
export async function decideReport(em: EntityManager, bus: EventBus, moderator: User, decision: ReportDecision): Promise<Report> {
  assertModerator(moderator);
  return inTransaction(em, bus, async (tx, emit) => {
    const report = await tx.findOne(Report, { id: decision.reportId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!report) throw new AppError('NOT_FOUND', M.notFound);
    if (report.status !== 'PENDING') {
      throw await alreadyDecided(tx, { outcome: report.status === 'BLOCKED' ? 'BLOCKED' : 'REPORT_REJECTED', reviewerId: report.reviewerId ?? null, resolvedAt: report.resolvedAt ?? null });
    }
    await refuseDecider(tx, report, moderator);
    const blocking = decision.action === 'BLOCK';
    // Before other reports are locked: the roster lock comes before other rows.
    if (blocking) await refuseForbiddenBan(tx, moderator, report.reportedUserId);
    const resolution = { status: blocking ? ('BLOCKED' as const) : ('REJECTED' as const), resolution: decision.reason, reviewerId: moderator.telegramId, resolvedAt: new Date() };
    tx.assign(report, resolution);
    recordAudit(tx, {
      actorId: moderator.telegramId,
      action: blocking ? 'report.block' : 'report.reject',
      targetType: 'user',
      targetId: report.reportedUserId,
      details: { reportId: report.id, reason: decision.reason },
    });
    emit({ name: 'report.decided', payload: { reportId: report.id, reportedUserId: report.reportedUserId, status: resolution.status, reviewerId: moderator.telegramId } });
    if (blocking) {
      await settleOthers(tx, emit, report, resolution);
      await banUser(tx, emit, { userId: report.reportedUserId, reason: decision.reason, by: moderator, source: { reportId: report.id } });
    }
    return report;
  });
}
