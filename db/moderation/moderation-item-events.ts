import { ChangeSetType, type EventSubscriber, type FlushEventArgs, type TransactionEventArgs } from '@mikro-orm/core';
import type { Decision } from '../../api/contracts/moderation';
import type { DomainEvent } from '../events/domain-events';
import type { EventBus } from '../events/event-bus';
import type { Orm } from '../orm';
import { ModerationItem } from './moderation-item.entity';

type ChangeSets = ReturnType<FlushEventArgs['uow']['getChangeSets']>;

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
    } else if ('payload' in cs.payload && item.status === 'PENDING') {
      events.push({ name: 'moderation.item_updated', payload: base });
    }
  }
  return events;
}

// A savepoint's parent is kept under this symbol by MikroORM's SQL connection; events wait for the outermost commit.
const rootOf = (trx: object): object => {
  const parent = Object.getOwnPropertySymbols(trx).find((s) => s.description === 'parentTransaction');
  return parent ? rootOf((trx as Record<symbol, object>)[parent]!) : trx;
};

/**
 * Moderation items are created by several services (onboarding, profile edits, decisions); whichever wrote
 * the row, the bus hears of it once the transaction commits (an outbox kept by the ORM, not by each caller).
 */
class ModerationItemEvents implements EventSubscriber {
  private readonly waiting = new WeakMap<object, DomainEvent[]>();
  constructor(private readonly bus: EventBus) {}

  afterFlush({ em, uow }: FlushEventArgs): void {
    const events = itemEvents(uow.getChangeSets());
    if (events.length === 0) return;
    const trx = em.getTransactionContext<object>();
    if (!trx) return void events.forEach((e) => this.bus.publish(e));
    const root = rootOf(trx);
    this.waiting.set(root, [...(this.waiting.get(root) ?? []), ...events]);
  }

  afterTransactionCommit({ transaction }: TransactionEventArgs): void {
    if (!transaction) return;
    const events = this.waiting.get(transaction as object) ?? [];
    this.waiting.delete(transaction as object);
    events.forEach((e) => this.bus.publish(e));
  }

  afterTransactionRollback({ transaction }: TransactionEventArgs): void {
    if (transaction) this.waiting.delete(transaction as object);
  }
}

const registered = new WeakMap<Orm, WeakSet<EventBus>>();

/** Publishes moderation item events on `bus` for every flush through `orm` (once per pair). */
export function publishModerationItemEvents(orm: Orm, bus: EventBus): void {
  const buses = registered.get(orm) ?? new WeakSet<EventBus>();
  if (buses.has(bus)) return;
  buses.add(bus);
  registered.set(orm, buses);
  orm.em.getEventManager().registerSubscriber(new ModerationItemEvents(bus));
}
