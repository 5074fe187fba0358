import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from '../logger';
import type { DomainEvent, DomainEventMap, DomainEventName } from './domain-events';

type Handler<K extends DomainEventName> = (payload: DomainEventMap[K]) => Promise<void> | void;

/** In-process publish/subscribe of domain events; a failing subscriber never fails the publisher. */
export class EventBus {
  private readonly handlers = new Map<DomainEventName, Set<Handler<never>>>();
  constructor(private readonly logger: Logger) {}

  on<K extends DomainEventName>(name: K, handler: Handler<K>): () => void {
    const set = this.handlers.get(name) ?? new Set();
    set.add(handler as Handler<never>);
    this.handlers.set(name, set);
    return () => set.delete(handler as Handler<never>);
  }

  publish(event: DomainEvent): void {
    for (const handler of this.handlers.get(event.name) ?? []) {
      void Promise.resolve()
        .then(() => (handler as Handler<typeof event.name>)(event.payload as never))
        .catch((err: unknown) => this.logger.error('event subscriber failed', { event: event.name, err }));
    }
  }
}

export type Emit = (event: DomainEvent) => void;

/** Runs `work` in one transaction and publishes the events it emitted only after the commit. */
export async function inTransaction<T>(em: EntityManager, bus: EventBus, work: (tx: EntityManager, emit: Emit) => Promise<T>): Promise<T> {
  const pending: DomainEvent[] = [];
  const result = await em.transactional((tx) => work(tx, (event) => pending.push(event)));
  for (const event of pending) bus.publish(event);
  return result;
}
