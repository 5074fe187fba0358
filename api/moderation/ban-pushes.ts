import type { EventBus } from '../../db/events/event-bus';
import type { Hub } from '../realtime/hub';

/** A ban takes effect at once: the user's open sockets are closed (their next call meets the blocked screen). */
export function subscribeBanDisconnects(hub: Hub, bus: EventBus): () => void {
  return bus.on('user.banned', ({ userId }) => hub.disconnectUser(userId, 4003, 'banned'));
}
