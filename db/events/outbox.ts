import type { Kysely } from 'kysely';
import type { Database } from '../kysely';
import type { DomainEvent } from './domain-events';

/** Kysely on the connection of a transaction that has not committed yet: its queries (the `sql` tag's too) run in it. */
export type TransactionDb = Kysely<Database>;

/**
 * Work that must commit, or roll back, with the change its events announce (queueing their notifications):
 * run just before COMMIT on the same connection, so a crash right after the commit cannot lose it.
 */
export type OutboxWriter = (tx: TransactionDb, events: readonly DomainEvent[]) => Promise<void>;
