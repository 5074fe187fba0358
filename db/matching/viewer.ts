import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../contracts/errors';
import { sqlOf } from '../kysely';
import { sql } from 'kysely';
import { PREPARE_MARK } from '../../platform/postgres/prepared-statements';
import { MEET_MESSAGES } from './eligibility';

export interface Viewer {
  telegramId: number;
  birthDate: string;
  placeId: number | null;
}

/** The acting user's own facts for feeds and lists; refused until their profile may browse. */
export async function loadViewer(em: EntityManager, telegramId: number): Promise<Viewer> {
  const row = await sqlOf(em)
    .selectFrom('profiles')
    .select(['birth_date', 'place_id', 'initial_moderation_status', 'description_moderation_status'])
    .where('user_telegram_id', '=', telegramId)
    // Every card, the likes badge: prepared, its plan kept (issue 42).
    .modifyEnd(sql.raw(PREPARE_MARK))
    .executeTakeFirst();
  const canBrowse =
    row?.initial_moderation_status === 'APPROVED' &&
    (row.description_moderation_status === 'APPROVED' || row.description_moderation_status === 'PENDING');
  if (!row || !canBrowse) throw new AppError('FORBIDDEN', MEET_MESSAGES.notReady);
  return { telegramId, birthDate: row.birth_date, placeId: row.place_id === null ? null : Number(row.place_id) };
}
