/** SQL with `:name` parameters in positional form, and the name of each placeholder in order. */
export interface NumberedSql {
  text: string;
  names: readonly string[];
}

const NAMED = /'(?:[^']|'')*'|"(?:[^"]|"")*"|::|:([A-Za-z_]\w*)/g;

/** `:name` placeholders replaced by `placeholder(name, names so far)`, which may add the name to the list. */
function rewrite(sql: string, placeholder: (name: string, names: string[]) => string): NumberedSql {
  const names: string[] = [];
  const text = sql.replace(NAMED, (match, name: string | undefined) => (name ? placeholder(name, names) : match));
  return { text, names };
}

const memoised = (placeholder: (name: string, names: string[]) => string) => {
  const memo = new Map<string, NumberedSql>();
  return (sql: string): NumberedSql => memo.get(sql) ?? memo.set(sql, rewrite(sql, placeholder)).get(sql)!;
};

/**
 * `:name` → `$n` (PostgreSQL's own form; one number per distinct name), outside quoted strings and identifiers,
 * leaving `::` casts as they are. Pure and memoised by text: statements are built from a few constant strings.
 */
export const numberedSql = memoised((name, names) => {
  const at = names.indexOf(name);
  return `$${(at < 0 ? names.push(name) - 1 : at) + 1}`;
});

/** `:name` → `?` (the ORM's positional form; a name used twice is two placeholders), by the same rules. */
export const questionedSql = memoised((name, names) => {
  names.push(name);
  return '?';
});

/** The values of `params` in the order of `names`; a name with no value is a programming error. */
export function valuesOf(names: readonly string[], params: Record<string, unknown>): unknown[] {
  return names.map((name) => {
    if (!(name in params)) throw new Error(`SQL parameter :${name} has no value`);
    return params[name];
  });
}
