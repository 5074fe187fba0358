import type { DbColumn } from '../../../../contracts/admin';
import type { DbRow } from '../api/db-api';

/** The row's primary key values for `where`, or null when the table has none or the row lacks one. */
export function primaryKeyOf(columns: readonly DbColumn[], row: DbRow): DbRow | null {
  const keys = columns.filter((c) => c.primary);
  if (keys.length === 0) return null;
  const where: DbRow = {};
  for (const key of keys) {
    const value = row[key.name];
    if (value === null || value === undefined) return null;
    where[key.name] = value;
  }
  return where;
}
