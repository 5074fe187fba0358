/** One of the viewer's (:me) own columns; uncorrelated, so PostgreSQL runs it once per query (an InitPlan). */
const mine = (column: string) => `(SELECT v.${column} FROM profiles v WHERE v.user_telegram_id = :me)`;

/**
 * SQL condition (AMENDMENTS §4.1): `p` and the viewer pass each other's search settings — each one's sex is in
 * the other's 'Кого показывать' and their looking-for filters share a value (or either is empty). A profile
 * without a stored sex (registered before it was kept for everyone) passes any 'Кого показывать'.
 */
export const SEARCH_MATCH_SQL = `
  AND (p.sex IS NULL OR ${mine('search_show')} IN ('ALL', p.sex))
  AND p.search_show IN ('ALL', coalesce(${mine('sex')}, p.search_show))
  AND (cardinality(p.search_looking_for) = 0 OR cardinality(${mine('search_looking_for')}) = 0 OR p.search_looking_for && ${mine('search_looking_for')})`;
