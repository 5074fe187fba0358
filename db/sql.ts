import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Runs raw SQL inside the EntityManager's current transaction (when there is one).
 * Positional `?` parameters as an array, or named `:name` parameters as an object.
 */
export async function query<T = Record<string, unknown>>(em: EntityManager, sql: string, params: readonly unknown[] | Record<string, unknown> = []): Promise<T[]> {
  const statement = Array.isArray(params) ? sql : em.getKnex().raw(sql, params as Record<string, never>);
  return (await em.execute(statement as string, Array.isArray(params) ? (params as unknown[]) : [])) as T[];
}
