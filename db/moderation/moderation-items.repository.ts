import type { Actor } from '../users/session-user';
import type { FilterQuery } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import type { ModerationCounts, ModerationItemsQuery, ModerationItemView, Pagination } from '../../contracts/moderation';
import { sqlOf } from '../kysely';
import { reportedHiddenFrom } from './report-visibility';
import { ModerationItem } from './moderation-item.entity';
import { buildItemViews } from './moderation-item-views';

export interface Page<T> {
  entries: T[];
  pagination: Pagination;
}

/** Page numbers for the spec's pagination; with `afterId` the page is read by keyset, so decided entries never shift it. */
export function pageOf<T>(entries: T[], total: number, q: { page: number; limit: number }): Page<T> {
  return { entries, pagination: { page: q.page, limit: q.limit, total, pages: Math.ceil(total / q.limit) } };
}

/** Pending items oldest first (a queue); decided ones newest first (history). */
export async function listModerationItems(em: EntityManager, q: ModerationItemsQuery, now = new Date()): Promise<Page<ModerationItemView>> {
  const ascending = q.status === 'PENDING';
  // One item (the bot's 'Открыть в панели') is shown whatever its status.
  const where: FilterQuery<ModerationItem> = q.itemId ? { id: q.itemId } : { status: q.status };
  if (q.type) where.type = { $in: q.type };
  if (q.userId) where.userId = q.userId;
  const total = await em.count(ModerationItem, where);
  const keyset = q.afterId ? { id: ascending ? { $gt: q.afterId } : { $lt: q.afterId } } : {};
  const items = await em.find(ModerationItem, { ...where, ...keyset } as FilterQuery<ModerationItem>, {
    orderBy: { id: ascending ? 'asc' : 'desc' },
    limit: q.limit,
    offset: q.afterId ? 0 : (q.page - 1) * q.limit,
  });
  return pageOf(await buildItemViews(em, items, now), total, q);
}

/** What waits, per type, plus the open reports the viewer may see (the hub's cards, the bot's /queue). */
export async function moderationCounts(em: EntityManager, viewer: Actor): Promise<ModerationCounts> {
  const hidden = await reportedHiddenFrom(em, viewer);
  const db = sqlOf(em);
  const rows = await db
    .selectFrom('moderation_items')
    .select((eb) => [eb.ref('type').$castTo<string>().as('type'), eb.fn.countAll().as('n')])
    .where('status', '=', 'PENDING')
    .groupBy('type')
    .unionAll(
      db
        .selectFrom('reports')
        .select((eb) => [sql.lit('reports').as('type'), eb.fn.countAll().as('n')])
        .where('status', '=', 'PENDING')
        .where((eb) => eb('reported_user_id', '<>', eb.fn<number>('all', [eb.val(hidden)]))),
    )
    .execute();
  const counts: ModerationCounts = { INITIAL: 0, PROFILE_DESCRIPTION: 0, PROFILE_EDIT: 0, PHOTOS: 0, reports: 0 };
  for (const row of rows) if (row.type in counts) counts[row.type as keyof ModerationCounts] = Number(row.n);
  return counts;
}
