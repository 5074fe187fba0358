import { ChangeSetType, type EventSubscriber, type FlushEventArgs, type TransactionEventArgs } from '@mikro-orm/core';
import type { EventBus } from '../events/event-bus';
import type { Orm } from '../orm';
import { User } from './user.entity';

type ChangeSets = ReturnType<FlushEventArgs['uow']['getChangeSets']>;

/** Users whose row a flush updated or deleted (a created row is in no cache yet). */
function changedUserIds(changeSets: ChangeSets): number[] {
  const ids: number[] = [];
  for (const cs of changeSets) {
    if (cs.meta.className !== User.meta.className || cs.type === ChangeSetType.CREATE) continue;
    ids.push((cs.entity as User).telegramId);
  }
  return ids;
}

// A savepoint's parent is kept under this symbol by MikroORM's SQL connection; events wait for the outermost commit.
const rootOf = (trx: object): object => {
  const parent = Object.getOwnPropertySymbols(trx).find((s) => s.description === 'parentTransaction');
  return parent ? rootOf((trx as Record<symbol, object>)[parent]!) : trx;
};

/**
 * Whichever service changed a users row through the ORM (ban, role, names, custom photo, the database browser),
 * 'user.changed' is published once the transaction commits, so every process drops its cached copy.
 */
class UserChangeEvents implements EventSubscriber {
  private readonly waiting = new WeakMap<object, number[]>();
  constructor(private readonly bus: EventBus) {}

  afterFlush({ em, uow }: FlushEventArgs): void {
    const ids = changedUserIds(uow.getChangeSets());
    if (ids.length === 0) return;
    const trx = em.getTransactionContext<object>();
    if (!trx) return this.publish(ids);
    const root = rootOf(trx);
    this.waiting.set(root, [...(this.waiting.get(root) ?? []), ...ids]);
  }

  afterTransactionCommit({ transaction }: TransactionEventArgs): void {
    if (!transaction) return;
    const ids = this.waiting.get(transaction as object) ?? [];
    this.waiting.delete(transaction as object);
    this.publish(ids);
  }

  afterTransactionRollback({ transaction }: TransactionEventArgs): void {
    if (transaction) this.waiting.delete(transaction as object);
  }

  private publish(ids: number[]): void {
    for (const userId of new Set(ids)) this.bus.publish({ name: 'user.changed', payload: { userId } });
  }
}

const registered = new WeakMap<Orm, WeakSet<EventBus>>();

/** Publishes 'user.changed' on `bus` for every flush through `orm` that changed a users row (once per pair). */
export function publishUserChanges(orm: Orm, bus: EventBus): void {
  const buses = registered.get(orm) ?? new WeakSet<EventBus>();
  if (buses.has(bus)) return;
  buses.add(bus);
  registered.set(orm, buses);
  orm.em.getEventManager().registerSubscriber(new UserChangeEvents(bus));
}
