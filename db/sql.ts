import type { EntityManager } from '@mikro-orm/postgresql';

type Params = readonly unknown[] | Record<string, unknown>;

async function run<T>(em: EntityManager, connection: 'read' | 'write', sql: string, params: Params): Promise<T[]> {
  // Positional `?` parameters as an array, named `:name` ones as an object (MikroORM's raw-query parameters).
  const values = params as unknown[] | Record<string, unknown>;
  // em.execute joins the em's open transaction (always on the primary); the read connection never holds one.
  const rows = connection === 'write' ? await em.execute(sql, values) : await em.getConnection('read').execute(sql, values);
  return rows as T[];
}

/**
 * Runs raw SQL inside the EntityManager's current transaction (when there is one).
 * Positional `?` parameters as an array, or named `:name` parameters as an object.
 */
export async function query<T = Record<string, unknown>>(em: EntityManager, sql: string, params: Params = []): Promise<T[]> {
  return run<T>(em, 'write', sql, params);
}

/**
 * Replica rule: reads go to the primary (raw `query`, and entity finds with preferReadReplicas off), so everyone
 * sees their own last write: the feed after a swipe, a chat after a send, a list after mark-read. Only heavy,
 * browse-only reads that no screen re-reads right after its viewer's own write call readQuery, which runs on a
 * replica (DATABASE_REPLICA_URLS) when there is one and no transaction is open.
 */
export async function readQuery<T = Record<string, unknown>>(em: EntityManager, sql: string, params: Params = []): Promise<T[]> {
  return run<T>(em, em.isInTransaction() ? 'write' : 'read', sql, params);
}
