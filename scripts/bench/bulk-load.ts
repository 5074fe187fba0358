import type pg from 'pg';

interface IndexRow {
  name: string;
  table: string;
  def: string;
  constraint_def: string | null;
}

export const seconds = (started: number) => `${((performance.now() - started) / 1000).toFixed(1)} s`;

/** Runs one labelled step and prints how long it took. */
export async function step<T>(label: string, run: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await run();
  console.log(`${label} — ${seconds(started)}`);
  return result;
}

/** Runs `load` with the tables' indexes (primary keys too) dropped, then rebuilds them as they were: one sort beats millions of inserts. */
export async function withoutIndexes(db: pg.Client, tables: readonly string[], load: () => Promise<void>): Promise<void> {
  const { rows } = await db.query<IndexRow>(
    `SELECT c.relname AS name, t.relname AS table, pg_get_indexdef(i.indexrelid) AS def, pg_get_constraintdef(con.oid) AS constraint_def
       FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_class t ON t.oid = i.indrelid
       LEFT JOIN pg_constraint con ON con.conindid = i.indexrelid AND con.conrelid = i.indrelid AND con.contype IN ('p', 'u')
      WHERE t.relname = ANY($1) AND t.relnamespace = 'public'::regnamespace`,
    [tables],
  );
  for (const ix of rows) await db.query(ix.constraint_def ? `ALTER TABLE "${ix.table}" DROP CONSTRAINT "${ix.name}"` : `DROP INDEX "${ix.name}"`);
  await load();
  for (const ix of rows) {
    await step(`  rebuilt ${ix.name}`, () => db.query(ix.constraint_def ? `ALTER TABLE "${ix.table}" ADD CONSTRAINT "${ix.name}" ${ix.constraint_def}` : ix.def));
  }
}
