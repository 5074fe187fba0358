import type { DomainEvent } from './domain-events';

/** Raw SQL (positional `?` parameters) on the connection of a transaction that has not committed yet. */
export type TransactionSql = (sql: string, params: readonly unknown[]) => Promise<unknown>;

/**
 * Work that must commit, or roll back, with the change its events announce (queueing their notifications):
 * run just before COMMIT on the same connection, so a crash right after the commit cannot lose it.
 */
export type OutboxWriter = (sql: TransactionSql, events: readonly DomainEvent[]) => Promise<void>;
