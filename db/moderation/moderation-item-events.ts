import { ChangeSetType } from '@mikro-orm/core';
import type { Decision } from '../../contracts/moderation';
import type { DomainEvent } from '../events/domain-events';
import type { EventBus } from '../events/event-bus';
import { publishFlushEvents, type ChangeSets } from '../events/flush-events';
import type { Orm } from '../orm';
import { ModerationItem } from './moderation-item.entity';

/** The events a flush implies for moderation items: queued, refreshed while pending, or decided. */
function itemEvents(changeSets: ChangeSets): DomainEvent[] {
  const events: DomainEvent[] = [];
  for (const cs of changeSets) {
    if (cs.meta.className !== ModerationItem.meta.className) continue;
    const item = cs.entity as ModerationItem;
    const base = { itemId: item.id, userId: item.userId, type: item.type };
    if (cs.type === ChangeSetType.CREATE) events.push({ name: 'moderation.item_created', payload: base });
    if (cs.type !== ChangeSetType.UPDATE) continue;
    const before = cs.originalEntity as { status?: string } | undefined;
    if ('status' in cs.payload && before?.status === 'PENDING' && item.status !== 'PENDING') {
      const decided = { ...base, status: item.status as Decision, reason: item.reason ?? null, reviewerId: item.reviewerId ?? null };
      events.push({ name: 'moderation.decided', payload: decided });
    } else if (('payload' in cs.payload || 'version' in cs.payload) && item.status === 'PENDING') {
      events.push({ name: 'moderation.item_updated', payload: base });
    }
  }
  return events;
}

/**
 * Moderation items are created by several services (onboarding, profile edits, decisions); whichever wrote
 * the row, the bus hears of it once the transaction commits (once per orm and bus).
 */
export function publishModerationItemEvents(orm: Orm, bus: EventBus): void {
  publishFlushEvents(orm, bus, itemEvents);
}
