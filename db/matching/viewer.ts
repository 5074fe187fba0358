import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../contracts/errors';
import { sqlOf } from '../kysely';
import { sql } from 'kysely';
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
