import { closeItemPosts, postItem, repostItem, showItemOutcome } from '../moderation/item-posts';
import type { ModeratorPostDeps } from '../moderation/moderator-posts';
import { postReport, showReportOutcome } from '../moderation/report-posts';
import type { NotificationDispatcher } from './dispatcher';

/**
 * Moderators hear of every new item and report (AMENDMENTS §3 'Moderators in the bot'); when one is decided
 * anywhere, every post about it shows the outcome and who decided; a deleted account's open posts say so.
 */
export function subscribeModeratorPosts(events: NotificationDispatcher, deps: ModeratorPostDeps): void {
  events.on('moderation.item_created', ({ itemId }, delivery) => postItem({ ...deps, delivery }, itemId));
  events.on('moderation.item_updated', ({ itemId }, delivery) => repostItem({ ...deps, delivery }, itemId));
  events.on('moderation.decided', ({ itemId }, delivery) => showItemOutcome({ ...deps, delivery }, itemId));
  events.on('account.deleted', ({ itemIds }, delivery) => closeItemPosts({ ...deps, delivery }, itemIds));
  events.on('report.created', ({ reportId }, delivery) => postReport({ ...deps, delivery }, reportId));
  events.on('report.decided', ({ reportId }, delivery) => showReportOutcome({ ...deps, delivery }, reportId));
}
