import type { EntityManager, InferKyselyDB } from '@mikro-orm/postgresql';
import type { ColumnType, Kysely } from 'kysely';
import type { entities } from './entities';

/**
 * The database as Kysely sees it, derived from the entities (table and column names as in the migrations:
 * `likes.from_id`, `profiles.user_telegram_id`…), so a typo in a table or column, or a wrong value type, is a
 * compile error and every row comes back typed. Tables the ORM does not map (graphile_worker's) are reached
 * with Kysely's `sql` tag, typed at the call.
 */
export type Database = AsRead<InferKyselyDB<(typeof entities)[number]>>;

/**
 * What the driver really hands back, so the types never promise more than the rows hold: pg returns bigint (and
 * numeric) columns as text, and the ORM's connection keeps date and timestamp columns as text too (its own type
 * parsers), so a selected number may be a string and so may a selected date. Callers convert with Number() and
 * new Date(); the driver takes either form as a parameter, so inserts, updates and comparisons accept both.
 */
type Read<T> = T extends Date ? Date | string : T extends number ? number | string : T;
type AsReadColumn<C> = [C] extends [ColumnType<infer S, infer I, infer U>]
  ? ColumnType<Read<S>, Read<I>, Read<U>>
  : ColumnType<Read<C>, Read<C>, Read<C>>;
type AsRead<DB> = { [Table in keyof DB]: { [Column in keyof DB[Table]]: AsReadColumn<DB[Table][Column]> } };

/** The one way to typed SQL: Kysely on the em's connection, inside its open transaction when there is one. */
export function sqlOf(em: EntityManager): Kysely<Database> {
  return em.getKysely<Database>();
}

/**
 * Replica rule: reads go to the primary (entity finds and sqlOf), so everyone sees their own last write: the feed
 * after a swipe, a chat after a send, a list after mark-read. Only heavy, browse-only reads that no screen re-reads
 * right after its viewer's own write use readSqlOf, which runs on a replica (DATABASE_REPLICA_URLS) when there is
 * one and no transaction is open.
 */
export function readSqlOf(em: EntityManager): Kysely<Database> {
  return em.getKysely<Database>({ type: em.isInTransaction() ? 'write' : 'read' });
}
