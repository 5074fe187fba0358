import type { ModeratorPostDeps } from '../moderation/moderator-posts';
import { subscribeAccountChanges } from './account-changes';
import { subscribeLikeNotifications, type NotificationDeps } from './likes';
import { subscribeMessageNotifications } from './messages';
import { subscribeModerationOutcomes } from './moderation-outcome';
import { subscribeModeratorPosts } from './moderators';

/** Every outgoing notification, subscribed to the domain events (the notifications' table of contents). */
export function subscribeNotifications(deps: NotificationDeps & Pick<ModeratorPostDeps, 'storage' | 'moderationChatId'>): () => void {
  const unsubscribers = [
    subscribeLikeNotifications(deps),
    subscribeMessageNotifications(deps),
    subscribeModeratorPosts(deps),
    subscribeModerationOutcomes(deps),
    subscribeAccountChanges(deps),
  ];
  return () => unsubscribers.forEach((off) => off());
}
