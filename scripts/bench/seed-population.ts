import { sql } from 'kysely';
import { sqlOf } from '../../db/kysely';
import type { Orm } from '../../db/orm';
import { step, withoutIndexes } from './bulk-load';

export interface PopulationSize {
  users: number;
  likesPerUser: number;
  /** Only these places (by population weight among them, as everywhere); all places when absent. */
  places?: readonly number[];
}

const USER_BATCH = 100_000;
const LIKE_BATCH_USERS = 50_000;

// Bulk INSERT … SELECT over generate_series with random(): Kysely's sql tag, the statements as they were
// (the same random() calls in the same order, so setseed gives the same population).

// One row per user, then a profile: ages 13–25, place by population weight, active over 60 days, ~85% fully approved.
const usersSql = (from: number, to: number) => sql`
INSERT INTO users (telegram_id, first_name, is_banned, created_at)
SELECT g, 'Bench', random() < 0.005, now() - random() * interval '365 days' FROM generate_series(${from}::bigint, ${to}::bigint) g`;

const profilesSql = (from: number, to: number) => sql`
INSERT INTO profiles (user_telegram_id, display_name, birth_date, city, place_id, sex, gender, search_show, initial_moderation_status, description_moderation_status, created_at, updated_at, active_at)
SELECT x.g, 'Bench', current_date - (365.25 * (13.01 + 12.98 * random()))::int, pl.name, pl.id,
       CASE WHEN x.male THEN 'MALE' ELSE 'FEMALE' END,
       (ARRAY['GAY','LESBIAN','BISEXUAL','PANSEXUAL','QUEER','ASEXUAL'])[1 + x.o],
       -- The search default of AMENDMENTS §4.1: a gay boy sees boys, a lesbian girl girls, the rest everyone.
       CASE WHEN x.male AND x.o = 0 THEN 'MALE' WHEN NOT x.male AND x.o = 1 THEN 'FEMALE' ELSE 'ALL' END,
       CASE WHEN x.m < 0.95 THEN 'APPROVED' WHEN x.m < 0.98 THEN 'PENDING' ELSE 'REJECTED' END,
       CASE WHEN x.m < 0.85 THEN 'APPROVED' WHEN x.m < 0.91 THEN 'PENDING' END,
       now(), now(), now() - random() * interval '60 days'
  FROM (SELECT g, random() AS r, random() AS m, random() < 0.5 AS male, floor(random() * 6)::int AS o FROM generate_series(${from}::bigint, ${to}::bigint) g OFFSET 0) x
  CROSS JOIN LATERAL (SELECT id FROM bench_place_cdf WHERE hi >= x.r ORDER BY hi LIMIT 1) c
  JOIN places pl ON pl.id = c.id`;

// Distinct pairs by construction: like j of user f lands in the j-th slice of the id ring, never on f itself.
const likesSql = (from: number, to: number, users: number, slice: number, perUser: number) => sql`
INSERT INTO likes (from_id, to_id, kind, created_at, seen_at)
SELECT f, (f - 1 + j * ${slice}::bigint + 1 + floor(random() * (${slice}::bigint - 1))::bigint) % ${users}::bigint + 1,
       CASE WHEN random() < 0.7 THEN 'LIKE' ELSE 'DISLIKE' END, t.at, CASE WHEN random() < 0.6 THEN t.at + interval '1 hour' END
  FROM generate_series(${from}::bigint, ${to}::bigint) f CROSS JOIN generate_series(0, ${perUser}::int - 1) j
  CROSS JOIN LATERAL (SELECT now() - random() * interval '60 days' AS at OFFSET 0) t`;

const blocksSql = (users: number, count: number) => sql`
INSERT INTO blocks (blocker_id, blocked_id, created_at)
SELECT b, (b + floor(random() * (${users}::bigint - 2))::bigint) % ${users}::bigint + 1, now()
  FROM (SELECT 1 + floor(random() * ${users}::bigint)::bigint AS b FROM generate_series(1, ${count}::int) OFFSET 0) x
ON CONFLICT DO NOTHING`;

async function inBatches(label: string, total: number, size: number, run: (from: number, to: number) => Promise<unknown>): Promise<void> {
  for (let from = 1; from <= total; from += size) {
    const to = Math.min(total, from + size - 1);
    await step(`  ${label} ${from.toLocaleString('en')}–${to.toLocaleString('en')}`, () => run(from, to));
  }
}

/** Seeds users 1..N with profiles, N×likesPerUser likes and some blocks, then rebuilds indexes and vacuums. */
export async function seedPopulation(orm: Orm, size: PopulationSize): Promise<void> {
  // One session throughout: its settings, seed and temp table hold for every statement.
  await sqlOf(orm.em.fork())
    .connection()
    .execute(async (db) => {
      await sql`SET maintenance_work_mem = '512MB'`.execute(db);
      // Rows are valid by construction; skipping per-row foreign-key triggers makes the load minutes instead of an hour.
      await sql`SET session_replication_role = replica`.execute(db);
      try {
        await sql`SELECT setseed(0.42)`.execute(db);
        const only = size.places ? sql`WHERE id = ANY(${size.places})` : sql``;
        await sql`CREATE TEMP TABLE bench_place_cdf AS
          SELECT id, sum(population::float8 + 1) OVER (ORDER BY id) / sum(population::float8 + 1) OVER () AS hi FROM places ${only}`.execute(
          db,
        );
        await sql`CREATE INDEX ON bench_place_cdf (hi)`.execute(db);
        await withoutIndexes(db, ['profiles', 'likes'], async () => {
          await inBatches('users+profiles', size.users, USER_BATCH, async (from, to) => {
            await usersSql(from, to).execute(db);
            await profilesSql(from, to).execute(db);
          });
          const slice = Math.floor(size.users / size.likesPerUser);
          await inBatches('likes from users', size.users, LIKE_BATCH_USERS, (from, to) =>
            likesSql(from, to, size.users, slice, size.likesPerUser).execute(db),
          );
        });
        await step('blocks', () => blocksSql(size.users, Math.round(size.users / 20)).execute(db));
        await step('vacuum analyze', () => sql`VACUUM (ANALYZE) users, profiles, likes, blocks, places`.execute(db));
      } finally {
        // The connection goes back to the ORM's pool: as it was, and without the temp table.
        await sql`RESET session_replication_role`.execute(db);
        await sql`RESET maintenance_work_mem`.execute(db);
        await sql`DROP TABLE IF EXISTS bench_place_cdf`.execute(db);
      }
    });
}
