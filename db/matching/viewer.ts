import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../contracts/errors';
import { sqlOf } from '../kysely';
import { sql } from 'kysely';
import { PREPARE_MARK } from '../../platform/postgres/prepared-statements';
import { compiledOnce, slot } from '../compiled-once';
import { MEET_MESSAGES } from './eligibility';

export interface Viewer {
  telegramId: number;
  birthDate: string;
  placeId: number | null;
}

// Every card: compiled once and prepared, its plan kept (issue 42).
const VIEWER_ROW = compiledOnce({ me: slot.number() }, (db, v) =>
  db
    .selectFrom('profiles')
    .select(['birth_date', 'place_id', 'initial_moderation_status', 'description_moderation_status'])
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
  return { telegramId, birthDate: row.birth_date, placeId: row.place_id === null ? null : Number(row.place_id) };
}
