import type { EventBus } from '../events/event-bus';
import { UserCache } from './user-cache';

/** Every event after which a cached users row may be stale (relayed from other processes too). */
const STALE_AFTER = ['user.changed', 'user.banned', 'user.unbanned', 'user.role_changed', 'account.deleted'] as const;

/**
 * A new cache of users rows that hears `bus`: each app builds its own (telegramAuth), so two apps never share
 * rows. A ban, unban, role change, deletion or any ORM change of the row (here or, through the relay, elsewhere)
 * evicts the user at once.
 */
export function evictedUserCache(bus: EventBus): UserCache {
  const cache = new UserCache();
  for (const name of STALE_AFTER) bus.on(name, ({ userId }) => cache.evict(userId));
  return cache;
}
