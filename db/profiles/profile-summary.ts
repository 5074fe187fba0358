import { sql, type InferResult } from 'kysely';
import type { Profile } from './profile.entity';
import { sqlOf } from '../kysely';
import type { Orm } from '../orm';
import { ReadPool } from '../read-pool';

export interface ProfileSummary {
  displayName: string;
  city: string;
  initialModerationStatus: Profile['initialModerationStatus'];
  descriptionModerationStatus: NonNullable<Profile['descriptionModerationStatus']> | null;
}

/** The summary of every user in $1 (an array of keys), each row named by its key (ReadPool.keyed). */
const summaryQuery = (orm: Orm) =>
  sqlOf(orm.em)
    .selectFrom('profiles')
    .select([
      'user_telegram_id as key',
      'display_name as displayName',
      'city',
      'initial_moderation_status as initialModerationStatus',
      'description_moderation_status as descriptionModerationStatus',
    ])
    // `= ANY($1)`: one statement text for any number of keys, so the pool prepares it once per connection.
    .where('user_telegram_id', '=', sql<number>`ANY(${[] as number[]}::bigint[])`);

type SummaryRow = InferResult<ReturnType<typeof summaryQuery>>[number];

/**
 * The `profile` part of GET /api/profile/me (four columns, read on every app start), by user id: a Kysely query
 * like every other, compiled once and run as a prepared statement on the ORM's pool, app starts at the same
 * moment sharing one round trip (ReadPool.keyed). Built once by whoever serves the route, from its ORM.
 */
export function profileSummaries(orm: Orm): (userId: number) => Promise<ProfileSummary | null> {
  const reads = new ReadPool(orm);
  const summary = { sql: summaryQuery(orm).compile().sql };
  return async (userId) => {
    const [row] = await reads.keyed<SummaryRow>(summary, userId);
    if (!row) return null;
    const { displayName, city, initialModerationStatus, descriptionModerationStatus } = row;
    return { displayName, city, initialModerationStatus, descriptionModerationStatus };
  };
}
