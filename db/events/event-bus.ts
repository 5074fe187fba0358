import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from '../logger';
import type { DomainEvent, DomainEventMap, DomainEventName } from './domain-events';

type Handler<K extends DomainEventName> = (payload: DomainEventMap[K]) => Promise<void> | void;

export interface SubscribeOptions {
  /** Only events published in this process (work that must happen once, e.g. enqueueing a job), not relayed ones. */
  localOnly?: boolean;
}

/** Carries events to the other processes (Redis pub/sub when REDIS_URL is set). */
export type EventRelay = (event: DomainEvent) => void;

/**
 * Publish/subscribe of domain events; a failing subscriber never fails the publisher. In-process by
 * default; with a relay every process hears every event (its own sockets get the pushes).
 */
export class EventBus {
  private readonly handlers = new Map<DomainEventName, Set<Handler<never>>>();
  private readonly localOnly = new WeakSet<Handler<never>>();
  private relay: EventRelay | null = null;
  constructor(private readonly logger: Logger) {}

  on<K extends DomainEventName>(name: K, handler: Handler<K>, opts: SubscribeOptions = {}): () => void {
    const set = this.handlers.get(name) ?? new Set();
    set.add(handler as Handler<never>);
    if (opts.localOnly) this.localOnly.add(handler as Handler<never>);
    this.handlers.set(name, set);
    return () => set.delete(handler as Handler<never>);
  }

  setRelay(relay: EventRelay | null): void {
    this.relay = relay;
  }

  publish(event: DomainEvent): void {
    this.dispatch(event, false);
    this.relay?.(event);
  }

  /** An event another process published (from the relay). */
  deliverRemote(event: DomainEvent): void {
    this.dispatch(event, true);
  }

  private dispatch(event: DomainEvent, remote: boolean): void {
    for (const handler of this.handlers.get(event.name) ?? []) {
      if (remote && this.localOnly.has(handler)) continue;
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
