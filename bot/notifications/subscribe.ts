import { subscribeLikeNotifications, type NotificationDeps } from './likes';
import { subscribeMessageNotifications } from './messages';

/** Every outgoing notification, subscribed to the domain events (the notifications' table of contents). */
export function subscribeNotifications(deps: NotificationDeps): () => void {
  const unsubscribers = [subscribeLikeNotifications(deps), subscribeMessageNotifications(deps)];
  return () => unsubscribers.forEach((off) => off());
}
