import type { Kysely } from 'kysely';
import type { Database } from '../kysely';
import type { DomainEvent } from './domain-events';

/** Kysely on the connection of a transaction that has not committed yet: its queries (the `sql` tag's too) run in it. */
export type TransactionDb = Kysely<Database>;

/** A job an event queues: a row of job_outbox (its payload as JSON text). */
export interface OutboxRow {
  task: string;
  payload: string;
  /** One job per key (graphile-worker replaces a waiting job of the same key). */
  jobKey: string | null;
}

/**
 * The jobs an event queues, if any (queueing its notifications): written as rows of job_outbox by the statement or
 * transaction that commits the event, so they exist exactly when the change does, never for a relayed event.
 */
export type OutboxJobs = (event: DomainEvent) => readonly OutboxRow[];
