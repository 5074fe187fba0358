import pg from 'pg';
import { UsageError } from './settings';

const adminUrl = (url: string) => {
  const u = new URL(url);
  u.pathname = '/postgres';
  return u.toString();
};

export const databaseName = (url: string) => decodeURIComponent(new URL(url).pathname.slice(1));

async function asAdmin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl(url) });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/** Whether DATABASE_URL's database exists; refuses one that holds anything (tables, sequences, schemas of its own). */
export async function checkTargetDatabase(url: string): Promise<{ exists: boolean }> {
  const found = await asAdmin(url, (admin) => admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [databaseName(url)]));
  if (found.rowCount === 0) return { exists: false };
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const rows = await client.query<{ relations: number; schemas: string[] }>(
      `SELECT (SELECT count(*)::int FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                WHERE n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%') AS relations,
              (SELECT coalesce(array_agg(nspname::text), '{}') FROM pg_namespace
                WHERE nspname NOT IN ('public', 'information_schema') AND nspname NOT LIKE 'pg\\_%') AS schemas`,
    );
    const { relations, schemas } = rows.rows[0]!;
    if (relations > 0 || schemas.length > 0) {
      const what = `${relations} tables, sequences or views${schemas.length ? `; schemas ${schemas.join(', ')}` : ''}`;
      throw new UsageError(
        `the database ${databaseName(url)} is not empty (${what}): restore into a new database (a DATABASE_URL naming one that does not exist yet is created) or drop this one first`,
      );
    }
    return { exists: true };
  } finally {
    await client.end();
  }
}

export async function createDatabase(url: string): Promise<void> {
  await asAdmin(url, (admin) => admin.query(`CREATE DATABASE ${admin.escapeIdentifier(databaseName(url))}`));
}

export async function dropDatabase(url: string): Promise<void> {
  await asAdmin(url, (admin) => admin.query(`DROP DATABASE IF EXISTS ${admin.escapeIdentifier(databaseName(url))}`));
}
