import type { EventBus } from '../events/event-bus';
import { UserCache } from './user-cache';

const caches = new WeakMap<EventBus, UserCache>();

/** Every event after which a cached users row may be stale (relayed from other processes too). */
const STALE_AFTER = ['user.changed', 'user.banned', 'user.unbanned', 'user.role_changed', 'account.deleted'] as const;

/**
 * The cache of users rows of the app on `bus`, made on first use and hearing `bus` from then on: an app's HTTP calls
 * (telegramAuth) and its socket upgrades share it, so the mini app's start-up reads the row once (issue 42); two
 * apps have buses of their own and never share rows. A ban, unban, role change, deletion or any ORM change of the
 * row (here or, through the relay, elsewhere) evicts the user at once.
 */
export function evictedUserCache(bus: EventBus): UserCache {
  const known = caches.get(bus);
  if (known) return known;
  const cache = new UserCache();
  for (const name of STALE_AFTER) bus.on(name, ({ userId }) => cache.evict(userId));
  caches.set(bus, cache);
  return cache;
}
