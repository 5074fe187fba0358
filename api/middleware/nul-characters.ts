// A lone UTF-16 surrogate (JSON's "\ud83d" without its pair): in unicode mode a well-formed pair is one code point,
// so only a lone half matches.
const LONE_SURROGATE = /\p{Cs}/u;

/** U+0000 or a lone surrogate: PostgreSQL cannot store either (text refuses U+0000, jsonb a lone surrogate). */
const unstorable = (s: string) => s.includes('\u0000') || LONE_SURROGATE.test(s);

/**
 * Whether any string (or object key) in a parsed request holds a character PostgreSQL cannot store (see
 * unstorable), so it is refused at the edge instead of failing deep in a query. Iterative: JSON may nest deeply.
 */
export function hasUnstorableCharacter(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (unstorable(next)) return true;
    } else if (Array.isArray(next)) {
      for (const item of next) pending.push(item);
    } else if (next !== null && typeof next === 'object') {
      // Own enumerable keys without an entries array per object: this runs on every request's body and query.
      for (const key of Object.keys(next)) {
        if (unstorable(key)) return true;
        pending.push((next as Record<string, unknown>)[key]);
      }
    }
  }
  return false;
}
