import type { EntityManager } from '@mikro-orm/postgresql';
import { DEFAULT_PRIVACY_SETTINGS, type PrivacySettings } from '../../api/contracts/privacy';
import { query } from '../sql';

/** The user's privacy choices; the defaults when they never changed any. */
export async function loadPrivacySettings(em: EntityManager, userId: number): Promise<PrivacySettings> {
  const [row] = await query<{ auto_delete_messages: PrivacySettings['autoDeleteMessages']; allow_data_for_training: boolean }>(
    em,
    'SELECT auto_delete_messages, allow_data_for_training FROM user_settings WHERE user_id = ?',
    [userId],
  );
  return row ? { autoDeleteMessages: row.auto_delete_messages, allowDataForTraining: row.allow_data_for_training } : { ...DEFAULT_PRIVACY_SETTINGS };
}

/** Saves the given choices (others keep their values) and answers all of them. */
export async function savePrivacySettings(em: EntityManager, userId: number, patch: Partial<PrivacySettings>): Promise<PrivacySettings> {
  const next = { ...(await loadPrivacySettings(em, userId)), ...patch };
  await query(
    em,
    `INSERT INTO user_settings (user_id, auto_delete_messages, allow_data_for_training, updated_at) VALUES (?, ?, ?, now())
     ON CONFLICT (user_id) DO UPDATE SET auto_delete_messages = EXCLUDED.auto_delete_messages,
       allow_data_for_training = EXCLUDED.allow_data_for_training, updated_at = EXCLUDED.updated_at`,
    [userId, next.autoDeleteMessages, next.allowDataForTraining],
  );
  return next;
}
