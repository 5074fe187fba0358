import { sql, type Expression, type SqlBool } from 'kysely';
import type { WithProfile } from './meet-facts';

const ALL = sql.lit('ALL' as const);

/** One of the viewer's (`me`) own columns; uncorrelated, so PostgreSQL runs it once per query (an InitPlan). */
const mine = <C extends 'sex' | 'search_show' | 'search_looking_for'>(eb: WithProfile, me: number, column: C) =>
  eb
    .selectFrom('profiles as v')
    .select(`v.${column}` as `v.${C}`)
    .where('v.user_telegram_id', '=', me);

/**
 * `p` and the viewer `me` pass each other's search settings (AMENDMENTS §4.1, §5.2): each one's sex is in the
 * other's 'Кого показывать' and their looking-for filters share a value (or either is empty). A profile without a
 * stored sex meets only people whose 'Кого показывать' is 'все' (NULL is in no list but ALL's).
 */
export const matchesSearch = (eb: WithProfile, me: number): Expression<SqlBool> =>
  eb.and([
    eb(mine(eb, me, 'search_show'), 'in', [ALL, eb.ref('p.sex')]),
    eb('p.search_show', 'in', [ALL, mine(eb, me, 'sex')]),
    eb.or([
      eb(eb.fn('cardinality', ['p.search_looking_for']), '=', sql.lit(0)),
      eb(eb.fn('cardinality', [mine(eb, me, 'search_looking_for')]), '=', sql.lit(0)),
      eb('p.search_looking_for', '&&', mine(eb, me, 'search_looking_for')),
    ]),
  ]);
