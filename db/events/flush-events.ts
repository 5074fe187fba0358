import type { EventSubscriber, FlushEventArgs, TransactionEventArgs } from '@mikro-orm/core';
import { sqlOf } from '../kysely';
import type { Orm } from '../orm';
import type { DomainEvent } from './domain-events';
import type { EventBus } from './event-bus';

export type ChangeSets = ReturnType<FlushEventArgs['uow']['getChangeSets']>;

/**
 * An outbox kept by the ORM rather than by each caller: the events `eventsOf` derives from a flush's change sets
 * go to the bus's outboxes just before the outermost transaction commits (on its connection) and are published
 * once it has; dropped on rollback. A flush outside any transaction commits in one of its own, handled alike.
 */
class FlushEvents implements EventSubscriber {
  private readonly waiting = new WeakMap<object, DomainEvent[]>();
  /** A savepoint's enclosing transaction; events wait for the outermost commit. */
  private readonly parents = new WeakMap<object, object>();
  /** The transaction a savepoint is being opened in, by the EntityManager opening it (between the two start events). */
  private readonly opening = new WeakMap<object, object>();
  constructor(
    private readonly orm: Orm,
    private readonly bus: EventBus,
    private readonly eventsOf: (changeSets: ChangeSets) => DomainEvent[],
  ) {}

  afterFlush({ em, uow }: FlushEventArgs): void {
    const trx = em.getTransactionContext<object>();
    // Outside a transaction the flush's own transaction has committed already: beforeTransactionCommit took its events.
    if (!trx) return;
    const events = this.eventsOf(uow.getChangeSets());
    if (events.length === 0) return;
    const root = this.rootOf(trx);
    this.waiting.set(root, [...(this.waiting.get(root) ?? []), ...events]);
  }

  private rootOf(trx: object): object {
    const parent = this.parents.get(trx);
    return parent ? this.rootOf(parent) : trx;
  }

  // A savepoint starts with beforeTransactionStart given the enclosing transaction, then afterTransactionStart
  // given the savepoint (marked by its savepointName), both from the same EntityManager.
  beforeTransactionStart({ em, transaction }: TransactionEventArgs): void {
    if (transaction) this.opening.set(em, transaction as object);
  }

  afterTransactionStart({ em, transaction }: TransactionEventArgs): void {
    const parent = this.opening.get(em);
    this.opening.delete(em);
    if (transaction?.savepointName && parent) this.parents.set(transaction as object, parent);
  }

  async beforeTransactionCommit({ uow, transaction }: TransactionEventArgs): Promise<void> {
    if (!transaction || transaction.savepointName) return;
    // A unit of work's change sets are cleared after every flush, so only a flush's own transaction still has them.
    const own = uow ? this.eventsOf(uow.getChangeSets()) : [];
    const events = [...(this.waiting.get(transaction) ?? []), ...own];
    if (events.length === 0) return;
    this.waiting.set(transaction, events);
    // Kysely on the committing transaction: an EntityManager of the outbox's own, in that transaction (a flush's own
    // transaction is not the flushing EntityManager's).
    const tx = this.orm.em.fork();
    tx.setTransactionContext(transaction);
    await this.bus.writeOutbox(sqlOf(tx), events);
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
  orm.em.getEventManager().registerSubscriber(new FlushEvents(orm, bus, eventsOf));
}
