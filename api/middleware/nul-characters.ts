/**
 * Whether any string (or object key) in a parsed request holds U+0000: PostgreSQL text cannot store it,
 * so it is refused at the edge instead of failing deep in a query. Iterative: JSON may nest deeply.
 */
export function hasNulCharacter(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (next.includes('\u0000')) return true;
    } else if (Array.isArray(next)) {
      for (const item of next) pending.push(item);
    } else if (next !== null && typeof next === 'object') {
      // Own enumerable keys without an entries array per object: this runs on every request's body and query.
      for (const key of Object.keys(next)) {
        if (key.includes('\u0000')) return true;
        pending.push((next as Record<string, unknown>)[key]);
      }
    }
  }
  return false;
}
