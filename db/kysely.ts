import type { EntityManager, InferKyselyDB } from '@mikro-orm/postgresql';
import type { Kysely } from 'kysely';
import type { entities } from './entities';

/**
 * The database as Kysely sees it, derived from the entities (table and column names as in the migrations:
 * `likes.from_id`, `profiles.user_telegram_id`…), so a typo in a table or column, or a wrong value type, is a
 * compile error and every row comes back typed. Tables the ORM does not map (graphile_worker's) are reached
 * with Kysely's `sql` tag, typed at the call.
 */
export type Database = InferKyselyDB<(typeof entities)[number]>;

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
