/** What place names and queries are compared as: lowercase, ё→е, dashes and repeated spaces as one space. */
export function normalizePlaceName(value: string): string {
  return value
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[-‐‑–—]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
