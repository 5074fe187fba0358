import { sql, type Kysely } from 'kysely';
import { sqlOf, type Database } from '../../db/kysely';
import type { Orm } from '../../db/orm';
import type { FeedViewer } from '../../db/explore/feed.repository';
import { meetableBirthRange } from '../../db/matching/age-band';

export interface ViewerSpec {
  label: string;
  /** Exactly this many likes and dislikes given. */
  given: number;
  /** 'near': random in-band people of the 20 nearest places (90%) and anyone (10%); 'city-head': the most recently active in-band people of the own city. */
  seen: 'near' | 'city-head';
}

export interface BenchViewer extends FeedViewer {
  label: string;
}

const FIRST_VIEWER_ID = 10_000_001;
const ANSWERED_LIKERS_SHARE = 0.2;
const PENDING_LIKERS = 5;

/** The viewer's place and the birth dates they may meet, for the statements below. */
interface Band {
  me: number;
  placeId: number;
  from: string;
  to: string;
}

// Bulk INSERT … SELECT with random(): Kysely's sql tag, the statements as they were.
// Viewers only swipe and are liked by the seeded population, so each gives exactly `given`.
const candidate = (
  b: Band,
) => sql`p.user_telegram_id < ${sql.lit(FIRST_VIEWER_ID)} AND p.initial_moderation_status = 'APPROVED' AND p.description_moderation_status = 'APPROVED' AND p.birth_date BETWEEN ${b.from} AND ${b.to}
  AND NOT EXISTS (SELECT 1 FROM users u WHERE u.telegram_id = p.user_telegram_id AND u.is_banned)
  AND NOT EXISTS (SELECT 1 FROM likes s WHERE s.from_id = ${b.me} AND s.to_id = p.user_telegram_id)`;
const likeRow = (me: number) =>
  sql`${me}::bigint, p.user_telegram_id, CASE WHEN random() < 0.7 THEN 'LIKE' ELSE 'DISLIKE' END, now() - random() * interval '30 days'`;
const INSERT_LIKES = sql`INSERT INTO likes (from_id, to_id, kind, created_at)`;

const seenSql = {
  'city-head': (b: Band, limit: number) =>
    sql`${INSERT_LIKES} SELECT ${likeRow(b.me)} FROM profiles p WHERE p.place_id = ${b.placeId} AND ${candidate(b)} ORDER BY p.active_at DESC LIMIT ${limit}`,
  near: (b: Band, limit: number) => sql`${INSERT_LIKES} SELECT ${likeRow(b.me)} FROM profiles p WHERE ${candidate(b)} AND p.place_id IN (
           SELECT pl.id FROM places pl, places o WHERE o.id = ${b.placeId} ORDER BY (pl.lat - o.lat) ^ 2 + ((pl.lon - o.lon) * cos(radians(o.lat))) ^ 2 LIMIT 20)
         ORDER BY random() LIMIT (${limit} * 0.9)::int`,
};
const fillSql = (me: number, given: number) => sql`${INSERT_LIKES} SELECT ${likeRow(me)} FROM profiles p
  WHERE p.user_telegram_id < ${sql.lit(FIRST_VIEWER_ID)} AND NOT EXISTS (SELECT 1 FROM likes s WHERE s.from_id = ${me} AND s.to_id = p.user_telegram_id)
  ORDER BY random() LIMIT ${given}::int - (SELECT count(*) FROM likes WHERE from_id = ${me})`;
// Liked-me worst case: many recent likers already answered, the few still waiting are older.
const answeredLikersSql = (me: number, count: number) => sql`INSERT INTO likes (from_id, to_id, kind, created_at)
  SELECT to_id, ${me}, 'LIKE', now() - random() * interval '2 days' FROM likes WHERE from_id = ${me} ORDER BY random() LIMIT ${count}`;
const pendingLikersSql = (b: Band, count: number) => sql`INSERT INTO likes (from_id, to_id, kind, created_at)
  SELECT p.user_telegram_id, ${b.me}, 'LIKE', now() - interval '10 days' FROM profiles p WHERE p.place_id = ${b.placeId} AND ${candidate(b)} ORDER BY random() LIMIT ${count}`;

// What swipe() keeps: a like is answered once its receiver swiped the sender.
const answeredSql = (me: number) =>
  sql`UPDATE likes l SET answered = true WHERE l.to_id = ${me} AND EXISTS (SELECT 1 FROM likes r WHERE r.from_id = ${me} AND r.to_id = l.from_id)`;

// What the product recorded on the way (AMENDMENTS §5.1), as the migration backfills it: each side of a swipe knows the other.
const introductionsSql = (me: number) => sql`INSERT INTO introductions (viewer_id, subject_id, created_at)
  SELECT from_id, to_id, now() FROM likes WHERE from_id = ${me} OR to_id = ${me}
  UNION SELECT to_id, from_id, now() FROM likes WHERE from_id = ${me} OR to_id = ${me}
  ON CONFLICT DO NOTHING`;

// Viewers are the least recently active, so they never stand at the head of each other's feed.
async function createViewer(db: Kysely<Database>, id: number, placeId: number): Promise<string> {
  await sql`INSERT INTO users (telegram_id, first_name, created_at) VALUES (${id}, 'Viewer', now())`.execute(db);
  const { rows } = await sql<{ birth_date: string }>`
    INSERT INTO profiles (user_telegram_id, display_name, birth_date, city, place_id, gender, initial_moderation_status, description_moderation_status, created_at, updated_at, active_at)
    SELECT ${id}, 'Viewer', (current_date - interval '15 years' - interval '100 days')::date, name, id, 'QUEER', 'APPROVED', 'APPROVED', now(), now(), now() - interval '90 days' FROM places WHERE id = ${placeId}
    RETURNING to_char(birth_date, 'YYYY-MM-DD') AS birth_date`.execute(db);
  return rows[0]!.birth_date;
}

/** Adds 15-year-old viewers in the most populous place, each with exactly `given` likes and some likers. */
export async function seedViewers(orm: Orm, specs: readonly ViewerSpec[]): Promise<BenchViewer[]> {
  const db = sqlOf(orm.em.fork());
  const place = await db.selectFrom('places').select('id').orderBy('population', 'desc').limit(1).executeTakeFirstOrThrow();
  const placeId = Number(place.id);
  const viewers: BenchViewer[] = [];
  for (const [i, spec] of specs.entries()) {
    const telegramId = FIRST_VIEWER_ID + i;
    const birthDate = await createViewer(db, telegramId, placeId);
    const { from, to } = meetableBirthRange(birthDate, new Date());
    const band: Band = { me: telegramId, placeId, from, to };
    await seenSql[spec.seen](band, spec.given).execute(db);
    await fillSql(telegramId, spec.given).execute(db);
    await answeredLikersSql(telegramId, Math.round(spec.given * ANSWERED_LIKERS_SHARE)).execute(db);
    await pendingLikersSql(band, PENDING_LIKERS).execute(db);
    await answeredSql(telegramId).execute(db);
    await introductionsSql(telegramId).execute(db);
    // As createViewer stores them (no sex, the defaults): given, as loadViewer gives them, so the walk is timed alone.
    viewers.push({ label: spec.label, telegramId, birthDate, placeId, search: { sex: null, show: 'ALL', lookingFor: [] } });
  }
  await sql`VACUUM (ANALYZE) likes, introductions, profiles, users`.execute(db);
  return viewers;
}
