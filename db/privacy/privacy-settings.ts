import type { EntityManager } from '@mikro-orm/postgresql';
import { DEFAULT_PRIVACY_SETTINGS, type PrivacySettings } from '../../contracts/privacy';
import { sql } from 'kysely';
import { sqlOf } from '../kysely';

/** The user's privacy choices; the defaults when they never changed any. */
export async function loadPrivacySettings(em: EntityManager, userId: number): Promise<PrivacySettings> {
  const row = await sqlOf(em)
    .selectFrom('user_settings')
    .select(['auto_delete_messages', 'allow_data_for_training'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row
    ? { autoDeleteMessages: row.auto_delete_messages, allowDataForTraining: row.allow_data_for_training }
    : { ...DEFAULT_PRIVACY_SETTINGS };
}

/** Saves the given choices (others keep their values) and answers all of them. */
export async function savePrivacySettings(em: EntityManager, userId: number, patch: Partial<PrivacySettings>): Promise<PrivacySettings> {
  const next = { ...(await loadPrivacySettings(em, userId)), ...patch };
  await sqlOf(em)
    .insertInto('user_settings')
    .values({
      user_id: userId,
      auto_delete_messages: next.autoDeleteMessages,
      allow_data_for_training: next.allowDataForTraining,
      updated_at: sql`now()`,
    })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet((eb) => ({
        auto_delete_messages: eb.ref('excluded.auto_delete_messages'),
        allow_data_for_training: eb.ref('excluded.allow_data_for_training'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .execute();
  return next;
}
