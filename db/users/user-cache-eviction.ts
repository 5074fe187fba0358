import type { EventBus } from '../events/event-bus';
import { UserCache } from './user-cache';

/** Every event after which a cached users row may be stale (relayed from other processes too). */
const STALE_AFTER = ['user.changed', 'user.banned', 'user.unbanned', 'user.role_changed', 'account.deleted'] as const;

const caches = new WeakMap<EventBus, UserCache>();

/**
 * The cache of users rows that hears `bus`: one per bus, so two apps on one bus share it and its evictions.
 * A ban, unban, role change, deletion or any ORM change of the row (here or, through the relay, elsewhere)
 * evicts the user at once.
 */
export function userCacheFor(bus: EventBus): UserCache {
  let cache = caches.get(bus);
  if (cache) return cache;
  const created = new UserCache();
  for (const name of STALE_AFTER) bus.on(name, ({ userId }) => created.evict(userId));
  caches.set(bus, (cache = created));
  return cache;
}
