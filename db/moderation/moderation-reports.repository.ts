import type { Actor } from '../users/session-user';
import type { FilterQuery } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ReportsQuery, ReportView } from '../../contracts/moderation-reports';
import { personLabel } from '../../contracts/moderation-outcome';
import { REPORT_REASON_LABELS, REPORT_TYPE_LABELS, SCREENING_REPORTER_ID } from '../../contracts/reports';
import { loadProfileCards } from '../profiles/profile-cards';
import { Report } from '../reports/report.entity';
import { User } from '../users/user.entity';
import { pageOf, type Page } from './moderation-items.repository';
import { type EvidenceUrlOf, reportedConversations } from './reported-messages';
import { reportedHiddenFrom } from './report-visibility';

const person = (users: Map<number, User>, id: number) => {
  const user = users.get(id);
  return { telegramId: id, username: user?.username ?? null, firstName: user?.firstName ?? null };
};

/**
 * Reports the viewer may see (not about themselves; about staff for admins only), with both people, the reported
 * user's card and, for messages, the conversation around the message (a deleted photo kept as evidence by `evidenceUrl`).
 */
export async function listReports(
  em: EntityManager,
  viewer: Actor,
  q: ReportsQuery,
  opts: { now?: Date; evidenceUrl?: EvidenceUrlOf } = {},
): Promise<Page<ReportView>> {
  const now = opts.now ?? new Date();
  const ascending = q.status === 'PENDING';
  const where: FilterQuery<Report> = {
    ...(q.reportId ? { id: q.reportId } : { status: q.status }),
    ...(q.type ? { reportType: q.type } : {}),
  };
  where.reportedUserId = { $nin: await reportedHiddenFrom(em, viewer) };
  const total = await em.count(Report, where);
  const keyset = q.afterId ? { id: ascending ? { $gt: q.afterId } : { $lt: q.afterId } } : {};
  const reports = await em.find(Report, { ...where, ...keyset } as FilterQuery<Report>, {
    orderBy: { id: ascending ? 'asc' : 'desc' },
    limit: q.limit,
    offset: q.afterId ? 0 : (q.page - 1) * q.limit,
  });
  const ids = [...new Set(reports.flatMap((r) => [r.reporterId, r.reportedUserId, r.reviewerId ?? r.reporterId]))];
  const users = new Map((await em.find(User, { telegramId: { $in: ids } })).map((u) => [u.telegramId, u]));
  const cards = await loadProfileCards(em, [...new Set(reports.map((r) => r.reportedUserId))], now);
  const conversations = await reportedConversations(em, reports, opts.evidenceUrl);
  const views = reports.map((r): ReportView => ({
    id: r.id,
    reportType: r.reportType,
    typeLabel: REPORT_TYPE_LABELS[r.reportType],
    reason: r.reason,
    reasonLabel: REPORT_REASON_LABELS[r.reason],
    description: r.description ?? null,
    status: r.status,
    createdAt: r.createdAt.toISOString(),
    resolution: r.resolution ?? null,
    resolvedAt: r.resolvedAt?.toISOString() ?? null,
    reviewer: r.reviewerId ? { telegramId: r.reviewerId, label: personLabel(users.get(r.reviewerId), r.reviewerId) } : null,
    reporter: person(users, r.reporterId),
    automatic: r.reporterId === SCREENING_REPORTER_ID,
    reportedUser: { ...person(users, r.reportedUserId), isBanned: users.get(r.reportedUserId)?.isBanned ?? false },
    profile: cards.get(r.reportedUserId) ?? null,
    messages: conversations.get(r.id) ?? [],
  }));
  return pageOf(views, total, q);
}
