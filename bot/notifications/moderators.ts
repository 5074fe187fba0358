import type { EventBus } from '../../db/events/event-bus';
import { postItem, repostItem, showItemOutcome } from '../moderation/item-posts';
import type { ModeratorPostDeps } from '../moderation/moderator-posts';
import { postReport, showReportOutcome } from '../moderation/report-posts';

/**
 * Moderators hear of every new item and report (AMENDMENTS §3 'Moderators in the bot'); when one is decided
 * anywhere, every post about it shows the outcome and who decided.
 */
export function subscribeModeratorPosts(deps: ModeratorPostDeps & { bus: EventBus }): () => void {
  const offs = [
    deps.bus.on('moderation.item_created', ({ itemId }) => postItem(deps, itemId)),
    deps.bus.on('moderation.item_updated', ({ itemId }) => repostItem(deps, itemId)),
    deps.bus.on('moderation.decided', ({ itemId }) => showItemOutcome(deps, itemId)),
    deps.bus.on('report.created', ({ reportId }) => postReport(deps, reportId)),
    deps.bus.on('report.decided', ({ reportId }) => showReportOutcome(deps, reportId)),
  ];
  return () => offs.forEach((off) => off());
}
