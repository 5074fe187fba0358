import type { Profile } from './profile.entity';
import type { Orm } from '../orm';
import { readPoolOf, type KeyedRead } from '../read-pool';

export interface ProfileSummary {
  displayName: string;
  city: string;
  initialModerationStatus: Profile['initialModerationStatus'];
  descriptionModerationStatus: NonNullable<Profile['descriptionModerationStatus']> | null;
}

const SUMMARY: KeyedRead = {
  sql: `SELECT user_telegram_id AS "key", display_name AS "displayName", city, initial_moderation_status AS "initialModerationStatus",
    description_moderation_status AS "descriptionModerationStatus"
  FROM profiles WHERE user_telegram_id = ANY($1::bigint[])`,
};

/**
 * The `profile` part of GET /api/profile/me: four columns, read on every app start (the read pool: no ORM work,
 * and app starts at the same moment share a round trip).
 */
export function loadProfileSummary(orm: Orm, userId: number): Promise<ProfileSummary | null> {
  return readPoolOf(orm.em).keyed<ProfileSummary & { key: unknown }>(SUMMARY, userId).then((rows) => {
    const row = rows[0];
    if (!row) return null;
    const { displayName, city, initialModerationStatus, descriptionModerationStatus } = row;
    return { displayName, city, initialModerationStatus, descriptionModerationStatus };
  });
}
