import type { Profile } from './profile.entity';
import type { Orm } from '../orm';
import { pooledQuery } from '../pooled-query';

export interface ProfileSummary {
  displayName: string;
  city: string;
  initialModerationStatus: Profile['initialModerationStatus'];
  descriptionModerationStatus: NonNullable<Profile['descriptionModerationStatus']> | null;
}

const SUMMARY = `SELECT display_name AS "displayName", city, initial_moderation_status AS "initialModerationStatus", description_moderation_status AS "descriptionModerationStatus"
  FROM profiles WHERE user_telegram_id = $1`;

/** The `profile` part of GET /api/profile/me: four columns, read on every app start (pooledQuery: no ORM work). */
export function loadProfileSummary(orm: Orm, userId: number): Promise<ProfileSummary | null> {
  return pooledQuery<ProfileSummary>(orm.em, SUMMARY, [userId]).then((rows) => rows[0] ?? null);
}
