import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';

type Params = readonly unknown[] | Record<string, unknown>;

async function run<T>(em: EntityManager, connection: 'read' | 'write', sql: string, params: Params): Promise<T[]> {
  const positional = Array.isArray(params);
  const statement = (positional ? sql : em.getKnex(connection).raw(sql, params as Record<string, never>)) as string;
  const values = positional ? (params as unknown[]) : [];
  // em.execute joins the em's open transaction (always on the primary); the read connection never holds one.
  const rows = connection === 'write' ? await em.execute(statement, values) : await em.getConnection('read').execute(statement, values);
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

interface PgConnection {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
}
interface KnexClient {
  acquireConnection(): Promise<PgConnection>;
  releaseConnection(connection: PgConnection): Promise<void>;
}
const statementNames = new Map<string, string>();

/**
 * query() as a named prepared statement: each pooled connection plans it once and reuses the plan, for hot
 * statements whose planning costs as much as their execution (the explore feed). Inside a transaction it is
 * a plain query() (the transaction's connection is not ours to prepare on).
 */
export async function preparedQuery<T = Record<string, unknown>>(em: EntityManager, sql: string, params: Record<string, unknown>): Promise<T[]> {
  if (em.isInTransaction()) return query<T>(em, sql, params);
  const knex = em.getKnex('write');
  const native = knex.raw(sql, params as Record<string, never>).toSQL().toNative();
  let name = statementNames.get(sql);
  if (!name) statementNames.set(sql, (name = `q${statementNames.size + 1}_${createHash('sha1').update(native.sql).digest('hex').slice(0, 12)}`));
  const client = knex.client as KnexClient;
  const connection = await client.acquireConnection();
  try {
    return (await connection.query({ name, text: native.sql, values: native.bindings as unknown[] })).rows as T[];
  } finally {
    await client.releaseConnection(connection);
  }
}
