import type { Orm } from '../../db/orm';

const VISIBLE = `where initial_moderation_status = 'APPROVED' and description_moderation_status = 'APPROVED'`;

/**
 * Index definitions the feed needs, as `indexes: [{ name, expression }]` entries for `Profile` (db/profiles/profile.entity.ts).
 * The bench applies them itself until a migration ships them; then applying is a no-op rebuild of the same definition.
 */
export const PROPOSED_PROFILE_INDEXES = [
  // INCLUDE user_telegram_id: the feed walks past already-seen profiles inside the index, without touching the table.
  {
    name: 'profiles_feed_place_index',
    expression: `create index "profiles_feed_place_index" on "profiles" ("place_id", "active_at" desc, "birth_date") include ("user_telegram_id") ${VISIBLE}`,
  },
  {
    name: 'profiles_feed_active_index',
    expression: `create index "profiles_feed_active_index" on "profiles" ("active_at" desc, "birth_date") include ("user_telegram_id") ${VISIBLE}`,
  },
];

/** Replaces the indexes of the same name with the proposed definitions (run on empty tables, before the bulk load). */
export async function applyProposedIndexes(orm: Orm): Promise<void> {
  const connection = orm.em.getConnection();
  for (const index of PROPOSED_PROFILE_INDEXES) {
    await connection.execute(`drop index if exists "${index.name}"`);
    await connection.execute(index.expression);
  }
}
