import type { ModeratorPostDeps } from '../moderation/moderator-posts';
import { subscribeAccountChanges } from './account-changes';
import type { NotificationDispatcher } from './dispatcher';
import { subscribeLikeNotifications } from './likes';
import { subscribeMessageNotifications } from './messages';
import { subscribeModerationOutcomes } from './moderation-outcome';
import { subscribeModeratorPosts } from './moderators';
import type { NotificationDeps } from './notification-deps';
import { subscribeReportWarnings } from './report-warning';

export type AllNotificationDeps = NotificationDeps & Pick<ModeratorPostDeps, 'storage' | 'codec' | 'moderationChatId'>;

/** Every outgoing notification, by the domain event it follows (the notifications' table of contents). */
export function subscribeNotifications(events: NotificationDispatcher, deps: AllNotificationDeps): void {
  subscribeLikeNotifications(events, deps);
  subscribeMessageNotifications(events, deps);
  subscribeModeratorPosts(events, deps);
  subscribeModerationOutcomes(events, deps);
  subscribeReportWarnings(events, deps);
  subscribeAccountChanges(events, deps);
}
