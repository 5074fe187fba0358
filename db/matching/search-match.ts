import { isExpression, sql, type Expression, type SqlBool } from 'kysely';
import type { WithProfile } from './meet-facts';
import type { Sex } from '../../contracts/profile-fields';
import type { SearchShow } from '../../contracts/search-settings';

const ALL = sql.lit('ALL' as const);

/** One of the viewer's (`me`) own columns; uncorrelated, so PostgreSQL runs it once per query (an InitPlan). */
const mine = <C extends 'sex' | 'search_show' | 'search_looking_for'>(eb: WithProfile, me: number, column: C) =>
  eb
    .selectFrom('profiles as v')
    .select(`v.${column}` as `v.${C}`)
    .where('v.user_telegram_id', '=', me);

/**
 * The viewer's own sex and search settings, where the statement has them already: values read with the viewer's row
 * (the feed's), or columns of a row the statement reads (the swipe's actor). Without them, each is read from the
 * viewer's profile by a subquery of its own.
 */
export interface ViewerSearch {
  sex: Sex | null | Expression<Sex | null>;
  show: SearchShow | null | Expression<SearchShow | null>;
  lookingFor: string[] | null | Expression<string[] | null>;
}

// As values they are parameters typed as their columns are, each in a subquery of its own: the planner costs the
// statement without them, so a prepared one keeps its generic plan instead of being planned anew for each viewer's.
const asText = <T extends string | null>(v: T | Expression<T>) => (isExpression(v) ? v : sql<T>`(select cast(${v} as text))`);
const asTexts = (v: string[] | null | Expression<string[] | null>) =>
  isExpression(v) ? v : sql<string[] | null>`(select cast(${v} as text[]))`;

/**
 * `p` and the viewer `me` pass each other's search settings (AMENDMENTS §4.1, §5.2): each one's sex is in the
 * other's 'Кого показывать' and their looking-for filters share a value (or either is empty). A profile without a
 * stored sex meets only people whose 'Кого показывать' is 'все' (NULL is in no list but ALL's).
 */
export const matchesSearch = (eb: WithProfile, me: number, own?: ViewerSearch): Expression<SqlBool> => {
  const show = own ? asText(own.show) : mine(eb, me, 'search_show');
  const sex = own ? asText(own.sex) : mine(eb, me, 'sex');
  const lookingFor = () => (own ? asTexts(own.lookingFor) : mine(eb, me, 'search_looking_for'));
  return eb.and([
    eb(show, 'in', [ALL, eb.ref('p.sex')]),
    eb('p.search_show', 'in', [ALL, sex]),
    eb.or([
      eb(eb.fn('cardinality', ['p.search_looking_for']), '=', sql.lit(0)),
      eb(eb.fn('cardinality', [lookingFor()]), '=', sql.lit(0)),
      eb('p.search_looking_for', '&&', lookingFor()),
    ]),
  ]);
};
