import { sql, type InferResult } from 'kysely';
import type { Profile } from './profile.entity';
import { sqlOf } from '../kysely';
import type { Orm } from '../orm';
import { readPoolOf, type KeyedRead } from '../read-pool';

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

let summary: KeyedRead | undefined;

/**
 * The `profile` part of GET /api/profile/me: four columns, read on every app start. Written with Kysely like every
 * other query, compiled once and run on the read pool (db/read-pool.ts): a named prepared statement, with app
 * starts at the same moment sharing one round trip. The benchmark row "API GET /api/profile/me vs Koa + SELECT 1"
 * (target ≥ 0.7×, BENCH_ONLY=api, 27 Nov 2026, shared 2-core machine): this same Kysely query through the ORM's
 * connection (sqlOf) 0.53× and 0.53× (128 vs 231, 1,103 vs 2,099 req/s); on the read pool 0.99× and 0.81×
 * (2,239 vs 2,335, 2,281 vs 2,785 req/s).
 */
export async function loadProfileSummary(orm: Orm, userId: number): Promise<ProfileSummary | null> {
  summary ??= { sql: summaryQuery(orm).compile().sql };
  const [row] = await readPoolOf(orm.em).keyed<SummaryRow>(summary, userId);
  if (!row) return null;
  const { displayName, city, initialModerationStatus, descriptionModerationStatus } = row;
  return { displayName, city, initialModerationStatus, descriptionModerationStatus };
}
