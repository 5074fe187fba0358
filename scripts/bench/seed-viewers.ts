import pg from 'pg';
import type { FeedViewer } from '../../db/feed/feed.repository';
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

// Viewers only swipe and are liked by the seeded population, so each gives exactly `given`.
const CANDIDATE = `p.user_telegram_id < ${FIRST_VIEWER_ID} AND p.initial_moderation_status = 'APPROVED' AND p.description_moderation_status = 'APPROVED' AND p.birth_date BETWEEN $3 AND $4
  AND NOT EXISTS (SELECT 1 FROM users u WHERE u.telegram_id = p.user_telegram_id AND u.is_banned)
  AND NOT EXISTS (SELECT 1 FROM likes s WHERE s.from_id = $1 AND s.to_id = p.user_telegram_id)`;
const LIKE_ROW = `$1::bigint, p.user_telegram_id, CASE WHEN random() < 0.7 THEN 'LIKE' ELSE 'DISLIKE' END, now() - random() * interval '30 days'`;
const INSERT_LIKES = 'INSERT INTO likes (from_id, to_id, kind, created_at)';

const SEEN_SQL = {
  'city-head': `${INSERT_LIKES} SELECT ${LIKE_ROW} FROM profiles p WHERE p.place_id = $2 AND ${CANDIDATE} ORDER BY p.active_at DESC LIMIT $5`,
  near: `${INSERT_LIKES} SELECT ${LIKE_ROW} FROM profiles p WHERE ${CANDIDATE} AND p.place_id IN (
           SELECT pl.id FROM places pl, places o WHERE o.id = $2 ORDER BY (pl.lat - o.lat) ^ 2 + ((pl.lon - o.lon) * cos(radians(o.lat))) ^ 2 LIMIT 20)
         ORDER BY random() LIMIT ($5 * 0.9)::int`,
};
const FILL_SQL = `${INSERT_LIKES} SELECT ${LIKE_ROW} FROM profiles p
  WHERE p.user_telegram_id < ${FIRST_VIEWER_ID} AND NOT EXISTS (SELECT 1 FROM likes s WHERE s.from_id = $1 AND s.to_id = p.user_telegram_id)
  ORDER BY random() LIMIT $2::int - (SELECT count(*) FROM likes WHERE from_id = $1)`;
// Liked-me worst case: many recent likers already answered, the few still waiting are older.
const ANSWERED_LIKERS_SQL = `INSERT INTO likes (from_id, to_id, kind, created_at)
  SELECT to_id, $1, 'LIKE', now() - random() * interval '2 days' FROM likes WHERE from_id = $1 ORDER BY random() LIMIT $2`;
const PENDING_LIKERS_SQL = `INSERT INTO likes (from_id, to_id, kind, created_at)
  SELECT p.user_telegram_id, $1, 'LIKE', now() - interval '10 days' FROM profiles p WHERE p.place_id = $2 AND ${CANDIDATE} ORDER BY random() LIMIT $5`;

// What swipe() keeps: a like is answered once its receiver swiped the sender.
const ANSWERED_SQL = `UPDATE likes l SET answered = true WHERE l.to_id = $1 AND EXISTS (SELECT 1 FROM likes r WHERE r.from_id = $1 AND r.to_id = l.from_id)`;

// Viewers are the least recently active, so they never stand at the head of each other's feed.
async function createViewer(db: pg.Client, id: number, placeId: number): Promise<string> {
  await db.query(`INSERT INTO users (telegram_id, first_name, created_at) VALUES ($1, 'Viewer', now())`, [id]);
  const { rows } = await db.query<{ birth_date: string }>(
    `INSERT INTO profiles (user_telegram_id, display_name, birth_date, city, place_id, gender, initial_moderation_status, description_moderation_status, created_at, updated_at, active_at)
     SELECT $1, 'Viewer', (current_date - interval '15 years' - interval '100 days')::date, name, id, 'QUEER', 'APPROVED', 'APPROVED', now(), now(), now() - interval '90 days' FROM places WHERE id = $2
     RETURNING to_char(birth_date, 'YYYY-MM-DD') AS birth_date`,
    [id, placeId],
  );
  return rows[0]!.birth_date;
}

/** Adds 15-year-old viewers in the most populous place, each with exactly `given` likes and some likers. */
export async function seedViewers(url: string, specs: readonly ViewerSpec[]): Promise<BenchViewer[]> {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    const { rows } = await db.query<{ id: number }>('SELECT id FROM places ORDER BY population DESC LIMIT 1');
    const placeId = rows[0]!.id;
    const viewers: BenchViewer[] = [];
    for (const [i, spec] of specs.entries()) {
      const telegramId = FIRST_VIEWER_ID + i;
      const birthDate = await createViewer(db, telegramId, placeId);
      const { from, to } = meetableBirthRange(birthDate, new Date());
      const args = [telegramId, placeId, from, to];
      await db.query(SEEN_SQL[spec.seen], [...args, spec.given]);
      await db.query(FILL_SQL, [telegramId, spec.given]);
      await db.query(ANSWERED_LIKERS_SQL, [telegramId, Math.round(spec.given * ANSWERED_LIKERS_SHARE)]);
      await db.query(PENDING_LIKERS_SQL, [...args, PENDING_LIKERS]);
      await db.query(ANSWERED_SQL, [telegramId]);
      viewers.push({ label: spec.label, telegramId, birthDate, placeId });
    }
    await db.query('VACUUM (ANALYZE) likes, profiles, users');
    return viewers;
  } finally {
    await db.end();
  }
}
