import { sql, type Expression, type RawBuilder, type SelectQueryBuilder } from 'kysely';

/**
 * Pages of an ordered list. A page asks for one row more than it holds: that row says whether another page
 * follows. A keyset page starts after the previous page's last row, named by its cursor (the row's sort key,
 * integer parts joined by dots); a numbered page skips the rows of the pages before it.
 */

/** The cursor of a row whose sort key is `parts` (integers, as numbers or as the driver's text). */
export const cursorOf = (...parts: ReadonlyArray<number | string>): string => parts.join('.');

/**
 * Rows after the cursor whose parts (`cursor.split('.')`, one by one: a compiled shape's slots) are given, in the
 * descending order of `keys`: `(k1, k2) < (c1::bigint, c2::bigint)`.
 */
export function afterParts(keys: ReadonlyArray<Expression<unknown>>, parts: readonly string[]): RawBuilder<boolean> {
  return sql<boolean>`(${sql.join(keys)}) < (${sql.join(parts.map((part) => sql`${part}::bigint`))})`;
}

/** Up to `limit` rows of the ordered `query` (after skipping `offset` rows, when given) and whether more follow. */
export async function pageOf<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  limit: number,
  offset?: number,
): Promise<{ rows: O[]; hasMore: boolean }> {
  const paged = query.limit(limit + 1);
  const rows = await (offset === undefined ? paged : paged.offset(offset)).execute();
  return { rows: rows.slice(0, limit), hasMore: rows.length > limit };
}
