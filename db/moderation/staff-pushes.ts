import type { EntityManager } from '@mikro-orm/postgresql';
import { personLabel } from '../../contracts/moderation-outcome';
import type { ItemDecidedPush, ReportDecidedPush } from '../../contracts/realtime';
import type { DomainEventMap } from '../events/domain-events';
import { Report } from '../reports/report.entity';
import { User } from '../users/user.entity';
import { ModerationItem } from './moderation-item.entity';

const STAFF = ['MODERATOR', 'ADMIN'] as const;

/** The staff among `userIds`, with their role as it is now (read at each push, so a demoted user stops hearing at once). */
export function staffAmong(em: EntityManager, userIds: readonly number[]): Promise<User[]> {
  return em.find(User, { telegramId: { $in: [...userIds] }, role: { $in: [...STAFF] } });
}

const isStaff = (user: Pick<User, 'role'> | null) => user !== null && (STAFF as readonly string[]).includes(user.role);

/** Reports about staff go to admins only, and nobody hears of reports about themselves (report-visibility.ts). */
export function maySeeReportAbout(
  viewer: Pick<User, 'telegramId' | 'role'>,
  reported: Pick<User, 'role'> | null,
  reportedUserId: number,
): boolean {
  if (viewer.telegramId === reportedUserId) return false;
  return viewer.role === 'ADMIN' || !isStaff(reported);
}

async function reviewerOf(em: EntityManager, reviewerId: number | null) {
  if (reviewerId === null) return null;
  return { telegramId: reviewerId, label: personLabel(await em.findOne(User, reviewerId), reviewerId) };
}

/** What open staff panels are told of a decided item. */
export async function itemDecidedPush(em: EntityManager, e: DomainEventMap['moderation.decided']): Promise<ItemDecidedPush> {
  const item = await em.findOne(ModerationItem, e.itemId);
  return {
    itemId: e.itemId,
    status: e.status,
    reason: e.reason,
    reviewer: await reviewerOf(em, e.reviewerId),
    resolvedAt: item?.resolvedAt?.toISOString() ?? null,
  };
}

/** What open staff panels are told of a decided report, and the reported user (whose role decides who may hear). */
export async function reportDecidedPush(
  em: EntityManager,
  e: DomainEventMap['report.decided'],
): Promise<{ push: ReportDecidedPush; reported: User | null }> {
  const reported = await em.findOne(User, e.reportedUserId);
  const report = await em.findOne(Report, e.reportId);
  const push = {
    reportId: e.reportId,
    status: e.status,
    reviewer: await reviewerOf(em, e.reviewerId),
    resolvedAt: report?.resolvedAt?.toISOString() ?? null,
  };
  return { push, reported };
}
