import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/kysely';

const seconds = (started: number) => `${((performance.now() - started) / 1000).toFixed(1)} s`;

/** Runs one labelled step and prints how long it took. */
export async function step<T>(label: string, run: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await run();
  console.log(`${label} — ${seconds(started)}`);
  return result;
}

/**
 * Runs `load` with the tables' indexes (primary keys too) dropped, then rebuilds them as they were: one sort beats millions of inserts.
 * The catalog and the DDL are no entities: Kysely's sql tag, the catalog row typed here.
 */
export async function withoutIndexes(db: Kysely<Database>, tables: readonly string[], load: () => Promise<void>): Promise<void> {
  const { rows } = await sql<{ name: string; table: string; def: string; constraint_def: string | null }>`
    SELECT c.relname AS name, t.relname AS table, pg_get_indexdef(i.indexrelid) AS def, pg_get_constraintdef(con.oid) AS constraint_def
      FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_class t ON t.oid = i.indrelid
      LEFT JOIN pg_constraint con ON con.conindid = i.indexrelid AND con.conrelid = i.indrelid AND con.contype IN ('p', 'u')
     WHERE t.relname = ANY(${tables}) AND t.relnamespace = 'public'::regnamespace`.execute(db);
  for (const ix of rows)
    await (
      ix.constraint_def ? sql`ALTER TABLE ${sql.table(ix.table)} DROP CONSTRAINT ${sql.id(ix.name)}` : sql`DROP INDEX ${sql.id(ix.name)}`
    ).execute(db);
  await load();
  for (const ix of rows) {
    await step(`  rebuilt ${ix.name}`, () =>
      (ix.constraint_def
        ? sql`ALTER TABLE ${sql.table(ix.table)} ADD CONSTRAINT ${sql.id(ix.name)} ${sql.raw(ix.constraint_def)}`
        : sql.raw(ix.def)
      ).execute(db),
    );
  }
}
