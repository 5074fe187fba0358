import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../api/contracts/errors';
import type { LookingFor } from '../../api/contracts/profile-fields';
import type { SearchSettings, SearchShow } from '../../api/contracts/search-settings';
import { query } from '../sql';
import { ONBOARDING_MESSAGES } from '../onboarding/onboarding.service';

interface Row {
  search_show: SearchShow;
  search_looking_for: LookingFor[];
}

const toSettings = (row: Row): SearchSettings => ({ show: row.search_show, lookingFor: row.search_looking_for });

/** The user's search settings; refused before the base profile exists. */
export async function loadSearchSettings(em: EntityManager, userId: number): Promise<SearchSettings> {
  const rows = await query<Row>(em, 'SELECT search_show, search_looking_for FROM profiles WHERE user_telegram_id = ?', [userId]);
  if (!rows[0]) throw new AppError('CONFLICT', ONBOARDING_MESSAGES.baseFirst);
  return toSettings(rows[0]);
}

/**
 * Stores the user's search settings (private, so no moderation). A trigger of Migration20261127110000 voids the
 * user's feed cursors and refreshes their active_at, so the new rule holds from the next card on.
 */
export async function saveSearchSettings(em: EntityManager, userId: number, settings: SearchSettings): Promise<SearchSettings> {
  const rows = await query<Row>(
    em,
    `UPDATE profiles SET search_show = ?, search_looking_for = string_to_array(?, ',')::text[]
      WHERE user_telegram_id = ? RETURNING search_show, search_looking_for`,
    [settings.show, settings.lookingFor.join(','), userId],
  );
  if (!rows[0]) throw new AppError('CONFLICT', ONBOARDING_MESSAGES.baseFirst);
  return toSettings(rows[0]);
}
