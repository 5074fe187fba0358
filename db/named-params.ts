/** SQL with `:name` parameters as PostgreSQL's own `$1` form, and the names in their order. */
export interface NumberedSql {
  text: string;
  names: readonly string[];
}

const memo = new Map<string, NumberedSql>();

/**
 * `:name` → `$n` (one number per distinct name), outside quoted strings and identifiers, leaving `::` casts as
 * they are. Pure and memoised by text: statements are built from a few constant strings.
 */
export function numberedSql(sql: string): NumberedSql {
  let done = memo.get(sql);
  if (done) return done;
  const names: string[] = [];
  const text = sql.replace(/'(?:[^']|'')*'|"(?:[^"]|"")*"|::|:([A-Za-z_]\w*)/g, (match, name: string | undefined) => {
    if (!name) return match;
    let at = names.indexOf(name);
    if (at < 0) at = names.push(name) - 1;
    return `$${at + 1}`;
  });
  done = { text, names };
  memo.set(sql, done);
  return done;
}

/** The values of `params` in the order of `names`; a name with no value is a programming error. */
export function valuesOf(names: readonly string[], params: Record<string, unknown>): unknown[] {
  return names.map((name) => {
    if (!(name in params)) throw new Error(`SQL parameter :${name} has no value`);
    return params[name];
  });
}
