/** SQL with `:name` parameters in positional form, and the name of each placeholder in order. */
export interface PositionalSql {
  text: string;
  names: readonly string[];
}

const NAMED = /'(?:[^']|'')*'|"(?:[^"]|"")*"|::|:([A-Za-z_]\w*)/g;

const memo = new Map<string, PositionalSql>();

/**
 * `:name` → `?` (the ORM's positional form; a name used twice is two placeholders), outside quoted strings and
 * identifiers, leaving `::` casts as they are. Pure and memoised by text: statements are built from a few constant
 * strings.
 */
export function questionedSql(sql: string): PositionalSql {
  const known = memo.get(sql);
  if (known) return known;
  const names: string[] = [];
  const text = sql.replace(NAMED, (match, name: string | undefined) => (name ? (names.push(name), '?') : match));
  memo.set(sql, { text, names });
  return { text, names };
}

/** The values of `params` in the order of `names`; a name with no value is a programming error. */
export function valuesOf(names: readonly string[], params: Record<string, unknown>): unknown[] {
  return names.map((name) => {
    if (!(name in params)) throw new Error(`SQL parameter :${name} has no value`);
    return params[name];
  });
}
