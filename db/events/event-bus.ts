import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from '../../platform/logger';
import type { DomainEvent, DomainEventMap, DomainEventName } from './domain-events';
import { sqlOf } from '../kysely';
import type { OutboxJobs, OutboxRow, TransactionDb } from './outbox';
import { writeJobOutbox } from './job-outbox';

type Handler<K extends DomainEventName> = (payload: DomainEventMap[K]) => Promise<void> | void;

/** Carries events to the other processes (Redis pub/sub when REDIS_URL is set). */
export type EventRelay = (event: DomainEvent) => void;

/**
 * Publish/subscribe of domain events; a failing subscriber never fails the publisher. In-process by
 * default; with a relay every process hears every event (its own sockets get the pushes). What must happen
 * once per event (a notify job) is an outbox's job instead: written with the committing change, never for relayed
 * events.
 */
export class EventBus {
  private readonly handlers = new Map<DomainEventName, Set<Handler<never>>>();
  private readonly outboxes = new Set<OutboxJobs>();
  private relay: EventRelay | null = null;
  private readonly taps = new Set<(event: DomainEvent) => void>();
  constructor(private readonly logger: Logger) {}

  /** Hears every event published in this process, not those relayed from others, at once (counters: metrics). */
  tap(listener: (event: DomainEvent) => void): () => void {
    this.taps.add(listener);
    return () => this.taps.delete(listener);
  }

  on<K extends DomainEventName>(name: K, handler: Handler<K>): () => void {
    const set = this.handlers.get(name) ?? new Set();
    set.add(handler as Handler<never>);
    this.handlers.set(name, set);
    return () => set.delete(handler as Handler<never>);
  }

  addOutbox(jobs: OutboxJobs): () => void {
    this.outboxes.add(jobs);
    return () => this.outboxes.delete(jobs);
  }

  /** The job rows `events` queue: for a statement that commits a change and writes them itself (a chat send's). */
  outboxRows(events: readonly DomainEvent[]): OutboxRow[] {
    const rows: OutboxRow[] = [];
    for (const jobs of this.outboxes) for (const event of events) rows.push(...jobs(event));
    return rows;
  }

  /** Called inside the transaction that commits `events` (inTransaction, FlushEvents); a failure rolls it back. */
  async writeOutbox(tx: TransactionDb, events: readonly DomainEvent[]): Promise<void> {
    if (events.length === 0) return;
    await writeJobOutbox(tx, this.outboxRows(events));
  }

  setRelay(relay: EventRelay | null): void {
    this.relay = relay;
  }

  /** After the commit; queues nothing by itself (outbox writers are fed only inside transactions). */
  publish(event: DomainEvent): void {
    for (const tap of this.taps) tap(event);
    this.dispatch(event);
    this.relay?.(event);
  }

  /** An event another process published (from the relay). */
  deliverRemote(event: DomainEvent): void {
    this.dispatch(event);
  }

  private dispatch(event: DomainEvent): void {
    for (const handler of this.handlers.get(event.name) ?? []) {
      void Promise.resolve()
        .then(() => (handler as Handler<typeof event.name>)(event.payload as never))
        .catch((err: unknown) => this.logger.error('event subscriber failed', { event: event.name, err }));
    }
  }
}

export type Emit = (event: DomainEvent) => void;

/**
 * Runs `work` in one transaction; the events it emitted go to the bus's outboxes before the commit, on the
 * transaction's connection, and are published only after the commit.
 */
export async function inTransaction<T>(em: EntityManager, bus: EventBus, work: (tx: EntityManager, emit: Emit) => Promise<T>): Promise<T> {
  const pending: DomainEvent[] = [];
  const result = await em.transactional(async (tx) => {
    const done = await work(tx, (event) => pending.push(event));
    await bus.writeOutbox(sqlOf(tx), pending);
    return done;
  });
  for (const event of pending) bus.publish(event);
  return result;
}
