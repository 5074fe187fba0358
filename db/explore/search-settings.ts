import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { AppError } from '../../contracts/errors';
import type { LookingFor } from '../../contracts/profile-fields';
import type { SearchSettings, SearchShow } from '../../contracts/search-settings';
import { sqlOf } from '../kysely';
import { ONBOARDING_MESSAGES } from '../onboarding/onboarding.service';

const toSettings = (row: { search_show: SearchShow; search_looking_for: string[] }): SearchSettings => ({
  show: row.search_show,
  // Only contract values are ever stored (the route validates them).
  lookingFor: row.search_looking_for as LookingFor[],
});

/** The user's search settings; refused before the base profile exists. */
export async function loadSearchSettings(em: EntityManager, userId: number): Promise<SearchSettings> {
  const row = await sqlOf(em)
    .selectFrom('profiles')
    .select(['search_show', 'search_looking_for'])
    .where('user_telegram_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw new AppError('CONFLICT', ONBOARDING_MESSAGES.baseFirst);
  return toSettings(row);
}

/**
 * Stores the user's search settings (private, so no moderation). A trigger of Migration20261127110000 voids the
 * user's feed cursors and refreshes their active_at, so the new rule holds from the next card on.
 */
export async function saveSearchSettings(em: EntityManager, userId: number, settings: SearchSettings): Promise<SearchSettings> {
  const row = await sqlOf(em)
    .updateTable('profiles')
    .set({ search_show: settings.show, search_looking_for: sql<string[]>`${settings.lookingFor}::text[]` })
    .where('user_telegram_id', '=', userId)
    .returning(['search_show', 'search_looking_for'])
    .executeTakeFirst();
  if (!row) throw new AppError('CONFLICT', ONBOARDING_MESSAGES.baseFirst);
  return toSettings(row);
}
