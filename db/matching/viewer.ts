import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../api/contracts/errors';
import { query } from '../sql';
import { MEET_MESSAGES } from './eligibility';

export interface Viewer {
  telegramId: number;
  birthDate: string;
  placeId: number | null;
}

/** The acting user's own facts for feeds and lists; refused until their profile may browse. */
export async function loadViewer(em: EntityManager, telegramId: number): Promise<Viewer> {
  const rows = await query<{ birth_date: string; place_id: number | null; initial_moderation_status: string; description_moderation_status: string | null }>(
    em,
    `SELECT to_char(birth_date, 'YYYY-MM-DD') AS birth_date, place_id, initial_moderation_status, description_moderation_status
       FROM profiles WHERE user_telegram_id = ?`,
    [telegramId],
  );
  const row = rows[0];
  const canBrowse = row?.initial_moderation_status === 'APPROVED' && (row.description_moderation_status === 'APPROVED' || row.description_moderation_status === 'PENDING');
  if (!row || !canBrowse) throw new AppError('FORBIDDEN', MEET_MESSAGES.notReady);
  return { telegramId, birthDate: row.birth_date, placeId: row.place_id };
}
