import type { Orm } from '../../../db/orm';

// Written by no route (reference data and the migration log): left out to keep each check fast.
const SKIPPED = new Set(['mikro_orm_migrations', 'places']);
// Moves on every authenticated call by design (presence), so it is not a change a refusal could make.
const VOLATILE_COLUMNS = ['last_seen_at'];

const tablesOf = new WeakMap<Orm, Promise<string[]>>();

async function tables(orm: Orm): Promise<string[]> {
  let pending = tablesOf.get(orm);
  if (!pending) {
    const sql =
      "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1";
    pending = orm.em
      .getConnection()
      .execute<Array<{ name: string }>>(sql)
      .then((rows) => rows.map((r) => r.name).filter((n) => !SKIPPED.has(n)));
    tablesOf.set(orm, pending);
  }
  return pending;
}

/** Row count and content hash of every table, so a refused request can be shown to have changed nothing. */
export async function dbFingerprint(orm: Orm): Promise<Record<string, string>> {
  const row = `md5((to_jsonb(x) - '{${VOLATILE_COLUMNS.join(',')}}'::text[])::text)`;
  const parts = (await tables(orm)).map(
    (t) => `SELECT '${t}' AS t, count(*)::int AS n, md5(coalesce(string_agg(${row}, ',' ORDER BY ${row}), '')) AS h FROM "${t}" x`,
  );
  const rows = await orm.em.getConnection().execute<Array<{ t: string; n: number; h: string }>>(parts.join(' UNION ALL '));
  return Object.fromEntries(rows.map((r) => [r.t, `${r.n}:${r.h}`]));
}

/** The tables whose fingerprint differs. */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys({ ...before, ...after }).filter((t) => before[t] !== after[t]);
}
