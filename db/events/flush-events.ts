import type { EventSubscriber, FlushEventArgs, TransactionEventArgs } from '@mikro-orm/core';
import type { Orm } from '../orm';
import type { DomainEvent } from './domain-events';
import type { EventBus } from './event-bus';

export type ChangeSets = ReturnType<FlushEventArgs['uow']['getChangeSets']>;

// A savepoint's parent is kept under this symbol by MikroORM's SQL connection; events wait for the outermost commit.
const rootOf = (trx: object): object => {
  const parent = Object.getOwnPropertySymbols(trx).find((s) => s.description === 'parentTransaction');
  return parent ? rootOf((trx as Record<symbol, object>)[parent]!) : trx;
};

/**
 * An outbox kept by the ORM rather than by each caller: the events `eventsOf` derives from a flush's change sets
 * are published at once outside a transaction, or when the outermost transaction commits (dropped on rollback).
 */
class FlushEvents implements EventSubscriber {
  private readonly waiting = new WeakMap<object, DomainEvent[]>();
  constructor(
    private readonly bus: EventBus,
    private readonly eventsOf: (changeSets: ChangeSets) => DomainEvent[],
  ) {}

  afterFlush({ em, uow }: FlushEventArgs): void {
    const events = this.eventsOf(uow.getChangeSets());
    if (events.length === 0) return;
    const trx = em.getTransactionContext<object>();
    if (!trx) return this.publish(events);
    const root = rootOf(trx);
    this.waiting.set(root, [...(this.waiting.get(root) ?? []), ...events]);
  }

  afterTransactionCommit({ transaction }: TransactionEventArgs): void {
    if (!transaction) return;
    const events = this.waiting.get(transaction as object) ?? [];
    this.waiting.delete(transaction as object);
    this.publish(events);
  }

  afterTransactionRollback({ transaction }: TransactionEventArgs): void {
    if (transaction) this.waiting.delete(transaction as object);
  }

  private publish(events: DomainEvent[]): void {
    for (const event of events) this.bus.publish(event);
  }
}

const registered = new WeakMap<(changeSets: ChangeSets) => DomainEvent[], WeakMap<Orm, WeakSet<EventBus>>>();

/** Publishes on `bus` what `eventsOf` derives from every flush through `orm` (registered once per triple). */
export function publishFlushEvents(orm: Orm, bus: EventBus, eventsOf: (changeSets: ChangeSets) => DomainEvent[]): void {
  const orms = registered.get(eventsOf) ?? new WeakMap<Orm, WeakSet<EventBus>>();
  registered.set(eventsOf, orms);
  const buses = orms.get(orm) ?? new WeakSet<EventBus>();
  orms.set(orm, buses);
  if (buses.has(bus)) return;
  buses.add(bus);
  orm.em.getEventManager().registerSubscriber(new FlushEvents(bus, eventsOf));
}
