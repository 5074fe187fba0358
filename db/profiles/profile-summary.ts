import type { Profile } from './profile.entity';
import { sqlOf } from '../kysely';
import type { Orm } from '../orm';

export interface ProfileSummary {
  displayName: string;
  city: string;
  initialModerationStatus: Profile['initialModerationStatus'];
  descriptionModerationStatus: NonNullable<Profile['descriptionModerationStatus']> | null;
}

/** The `profile` part of GET /api/profile/me: four columns, read on every app start. */
export async function loadProfileSummary(orm: Orm, userId: number): Promise<ProfileSummary | null> {
  const row = await sqlOf(orm.em)
    .selectFrom('profiles')
    .select(['display_name as displayName', 'city', 'initial_moderation_status as initialModerationStatus', 'description_moderation_status as descriptionModerationStatus'])
    .where('user_telegram_id', '=', userId)
    .executeTakeFirst();
  return row ?? null;
}
