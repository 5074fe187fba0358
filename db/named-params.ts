/** SQL with `:name` parameters in positional form, and the name of each placeholder in order. */
export interface NumberedSql {
  text: string;
  names: readonly string[];
}

const NAMED = /'(?:[^']|'')*'|"(?:[^"]|"")*"|::|:([A-Za-z_]\w*)/g;
const numbered = new Map<string, NumberedSql>();
const questioned = new Map<string, NumberedSql>();

/**
 * `:name` → `$n` (PostgreSQL's own form; one number per distinct name), outside quoted strings and identifiers,
 * leaving `::` casts as they are. Pure and memoised by text: statements are built from a few constant strings.
 */
export function numberedSql(sql: string): NumberedSql {
  let done = numbered.get(sql);
  if (done) return done;
  const names: string[] = [];
  const text = sql.replace(NAMED, (match, name: string | undefined) => {
    if (!name) return match;
    let at = names.indexOf(name);
    if (at < 0) at = names.push(name) - 1;
    return `$${at + 1}`;
  });
  numbered.set(sql, (done = { text, names }));
  return done;
}

/** `:name` → `?` (the ORM's positional form; a name used twice is two placeholders), by the same rules. */
export function questionedSql(sql: string): NumberedSql {
  let done = questioned.get(sql);
  if (done) return done;
  const names: string[] = [];
  const text = sql.replace(NAMED, (match, name: string | undefined) => {
    if (!name) return match;
    names.push(name);
    return '?';
  });
  questioned.set(sql, (done = { text, names }));
  return done;
}

/** The values of `params` in the order of `names`; a name with no value is a programming error. */
export function valuesOf(names: readonly string[], params: Record<string, unknown>): unknown[] {
  return names.map((name) => {
    if (!(name in params)) throw new Error(`SQL parameter :${name} has no value`);
    return params[name];
  });
}
