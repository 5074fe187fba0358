import { ChangeSetType } from '@mikro-orm/core';
import type { DomainEvent } from '../events/domain-events';
import type { EventBus } from '../events/event-bus';
import { publishFlushEvents, type ChangeSets } from '../events/flush-events';
import type { Orm } from '../orm';
import { User } from './user.entity';

/** A last-seen time alone: caches keep an entry only while its own last-seen time is under a minute old anyway. */
const onlyLastSeen = (payload: object) => Object.keys(payload).every((key) => key === 'lastSeenAt');

/** 'user.changed' once per users row a flush updated or deleted (a created row is in no cache yet). */
function userChanges(changeSets: ChangeSets): DomainEvent[] {
  const ids = new Set<number>();
  for (const cs of changeSets) {
    if (cs.meta.className !== User.meta.className || cs.type === ChangeSetType.CREATE) continue;
    if (cs.type === ChangeSetType.UPDATE && onlyLastSeen(cs.payload)) continue;
    ids.add((cs.entity as User).telegramId);
  }
  return [...ids].map((userId) => ({ name: 'user.changed', payload: { userId } }));
}

/**
 * Whichever service changed a users row through the ORM (ban, role, names, custom photo, the database browser),
 * 'user.changed' is published once the transaction commits, so every process drops its cached copy.
 */
export function publishUserChanges(orm: Orm, bus: EventBus): void {
  publishFlushEvents(orm, bus, userChanges);
}
