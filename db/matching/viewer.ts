import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../contracts/errors';
import { sqlOf } from '../kysely';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../kysely';
import { PREPARE_MARK } from '../../platform/postgres/prepared-statements';
import { compiledOnce, slot } from '../compiled-once';
import { MEET_MESSAGES } from './eligibility';
import type { Sex } from '../../contracts/profile-fields';
import type { SearchShow } from '../../contracts/search-settings';

/** A user's own sex and search settings, as the feed's statements take them (null: a user without a profile). */
export interface OwnSearch {
  sex: Sex | null;
  show: SearchShow | null;
  lookingFor: string[] | null;
}

export interface Viewer {
  telegramId: number;
  birthDate: string;
  placeId: number | null;
  search: OwnSearch;
}

/** The profile's columns of OwnSearch, read with the viewer's row (loadViewer) or alone (loadOwnSearch). */
const OWN_SEARCH_COLUMNS = ['sex', 'search_show', 'search_looking_for'] as const;
type OwnSearchRow = { sex: Sex | null; search_show: SearchShow; search_looking_for: string[] } | undefined;
/** The row's OwnSearch; all null without a row (nobody passes them, as a read of no row gives). */
const ownSearchOf = (row: OwnSearchRow): OwnSearch => ({
  sex: row?.sex ?? null,
  show: row?.search_show ?? null,
  lookingFor: row?.search_looking_for ?? null,
});

// Every card: compiled once and prepared, its plan kept (issue 42).
const VIEWER_ROW = compiledOnce({ me: slot.number() }, (db, v) =>
  db
    .selectFrom('profiles')
    .select(['birth_date', 'place_id', 'initial_moderation_status', 'description_moderation_status', ...OWN_SEARCH_COLUMNS])
    .where('user_telegram_id', '=', v.me)
    .modifyEnd(sql.raw(PREPARE_MARK)),
);

const APPROVED = sql.lit('APPROVED' as const);
const PENDING = sql.lit('PENDING' as const);

/** The viewer's facts as a statement takes them (place -1: none), to check they still hold (viewerAsKnown). */
export interface KnownViewerParams {
  me: number;
  birth: string;
  place: number;
  sex: Sex | null;
  show: SearchShow | null;
  lookingFor: string[] | null;
}

/**
 * A subquery with a row exactly when the viewer's profile still is as `v` says: it may browse (loadViewer's rule),
 * with that birth date, place, sex and search settings. A statement that takes the viewer's facts from an earlier
 * read (the explore socket's, issue 42) does its work only under `exists` of it, so it never acts on stale ones.
 */
export const viewerAsKnown = (db: Kysely<Database>, v: KnownViewerParams) =>
  db
    .selectFrom('profiles as vw')
    .select(sql.lit(1).as('one'))
    .where('vw.user_telegram_id', '=', v.me)
    .where('vw.initial_moderation_status', '=', APPROVED)
    .where('vw.description_moderation_status', 'in', [APPROVED, PENDING])
    .where('vw.birth_date', '=', v.birth)
    .where((eb) => eb(eb.fn.coalesce('vw.place_id', sql.lit(-1)), '=', v.place))
    // Each as a parameter (eb.val), null included: Kysely writes a bare null after `is …` as the keyword itself.
    .where((eb) => eb('vw.sex', 'is not distinct from', eb.val(v.sex)))
    .where((eb) => eb('vw.search_show', 'is not distinct from', eb.val(v.show)))
    .where((eb) => eb('vw.search_looking_for', 'is not distinct from', eb.val(v.lookingFor)));

/** Whether two reads of a viewer found the same facts (those viewerAsKnown checks; the rule to browse held for both). */
export const sameViewer = (a: Viewer, b: Viewer): boolean =>
  a.telegramId === b.telegramId &&
  a.birthDate === b.birthDate &&
  a.placeId === b.placeId &&
  a.search.sex === b.search.sex &&
  a.search.show === b.search.show &&
  JSON.stringify(a.search.lookingFor) === JSON.stringify(b.search.lookingFor);

/** The acting user's own facts for feeds and lists; refused until their profile may browse. */
export async function loadViewer(em: EntityManager, telegramId: number): Promise<Viewer> {
  const [row] = await VIEWER_ROW.rows(sqlOf(em), { me: telegramId });
  const canBrowse =
    row?.initial_moderation_status === 'APPROVED' &&
    (row.description_moderation_status === 'APPROVED' || row.description_moderation_status === 'PENDING');
  if (!row || !canBrowse) throw new AppError('FORBIDDEN', MEET_MESSAGES.notReady);
  return {
    telegramId,
    birthDate: row.birth_date,
    placeId: row.place_id === null ? null : Number(row.place_id),
    search: ownSearchOf(row),
  };
}

const OWN_SEARCH = compiledOnce({ me: slot.number() }, (db, v) =>
  db.selectFrom('profiles').select(OWN_SEARCH_COLUMNS).where('user_telegram_id', '=', v.me),
);

/** A user's own sex and search settings (all null without a profile). */
export async function loadOwnSearch(em: EntityManager, telegramId: number): Promise<OwnSearch> {
  const [row] = await OWN_SEARCH.rows(sqlOf(em), { me: telegramId });
  return ownSearchOf(row);
}
