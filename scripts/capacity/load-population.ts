import { sql } from 'kysely';
import { sqlOf } from '../../db/kysely';
import { meetableBirthRange } from '../../db/matching/age-band';
import { closeOrm, openOrm } from '../../db/orm';
import { ensurePlaces } from '../../db/places/ensure-places';
import { step } from '../bench/bulk-load';
import { seedPopulation } from '../bench/seed-population';
import type { LoadPair } from '../chat-load/seed-pairs';

/** The load's pairs live in the most populous place and its nearest ones, in turn (not all in one place). */
const HOME_PLACES = 20;
/** As the feed bench: likes given per person, and as many received by each of the load's users. */
const LIKES_PER_USER = 20;
/** seed-population.ts: ages 13.01–25.99, profiles approved for the feed with 85 % chance, 0.5 % banned. */
const SEEDED_AGE_YEARS = 12.98;
const SHOWN_SHARE = 0.85 * 0.995;

export interface LoadPopulation {
  /** Profiles seeded (the whole population). */
  profiles: number;
  /** Approved, not banned, in the load users' age band and within reach of every load user's feed. */
  inBandAround: number;
  seconds: number;
}

const days = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;

/**
 * The feed bench's population around the load's users (seedPairs' pairs, all of one birth date): the pairs move to
 * the most populous place and its nearest ones, and the population lives only in the places every one of those
 * reaches (their nearest places in common), sized so that about `inBand` approved profiles fall in the pairs' age band;
 * each load user also receives LIKES_PER_USER likes from people of that band, as everyone does on average.
 */
export async function seedLoadPopulation(databaseUrl: string, pairs: readonly LoadPair[], inBand: number): Promise<LoadPopulation> {
  const started = performance.now();
  const orm = await openOrm({ clientUrl: databaseUrl, poolMax: 2 });
  try {
    const db = sqlOf(orm.em.fork());
    await ensurePlaces(orm.em.fork());
    const first = Math.min(...pairs.map((p) => p.a));
    const loadBirth = await db.selectFrom('profiles').select('birth_date').where('user_telegram_id', '=', first).executeTakeFirstOrThrow();
    const band = meetableBirthRange(loadBirth.birth_date, new Date());
    const homes = await db
      .selectFrom('place_neighbours as pn')
      .innerJoin('places as o', 'o.id', 'pn.place_id')
      .select('pn.nearest')
      .orderBy('o.population', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    const homeIds = homes.nearest.map(Number).slice(0, HOME_PLACES);
    const reach = await db.selectFrom('place_neighbours').select('nearest').where('place_id', 'in', homeIds).execute();
    const common = reach.map((r) => new Set(r.nearest.map(Number))).reduce((a, b) => new Set([...a].filter((id) => b.has(id))));
    const share = (days(band.from, band.to) / (SEEDED_AGE_YEARS * 365.25)) * SHOWN_SHARE;
    const profiles = Math.ceil((inBand / share) * 1.03);
    await seedPopulation(orm, { users: profiles, likesPerUser: LIKES_PER_USER, places: [...common] });
    await step('load users: homes and likes received', async () => {
      // Pair i lives at home place i mod HOME_PLACES, both of its users.
      const ids = pairs.flatMap((p) => [p.a, p.b]);
      const homeOf = pairs.flatMap((_, i) => [homeIds[i % homeIds.length]!, homeIds[i % homeIds.length]!]);
      // Their descriptions await review: they browse, like and chat as anyone, but are not in others' feeds, where all
      // of them, active at once in 20 places, would come before the population (no real place has that).
      await sql`UPDATE profiles p SET place_id = x.place, city = pl.name, description_moderation_status = 'PENDING'
                  FROM unnest(${ids}::bigint[], ${homeOf}::int[]) AS x(id, place) JOIN places pl ON pl.id = x.place
                 WHERE p.user_telegram_id = x.id`.execute(db);
      // Random senders of the population until LIKES_PER_USER of them are in the band (a quarter or so are).
      await sql`INSERT INTO likes (from_id, to_id, kind, created_at, seen_at)
                SELECT x.from_id, x.to_id, 'LIKE', x.at, CASE WHEN random() < 0.6 THEN x.at + interval '1 hour' END
                  FROM (SELECT p.user_telegram_id AS from_id, r.to_id, now() - random() * interval '60 days' AS at,
                               row_number() OVER (PARTITION BY r.to_id ORDER BY r.j) AS k
                          FROM (SELECT u.id AS to_id, j, 1 + floor(random() * ${profiles}::int)::bigint AS from_id
                                  FROM unnest(${ids}::bigint[]) AS u(id) CROSS JOIN generate_series(1, ${LIKES_PER_USER * 8}::int) j
                                OFFSET 0) r
                          JOIN profiles p ON p.user_telegram_id = r.from_id
                         WHERE p.birth_date BETWEEN ${band.from} AND ${band.to}) x
                 WHERE x.k <= ${LIKES_PER_USER}
                ON CONFLICT DO NOTHING`.execute(db);
      await sql`ANALYZE profiles, likes`.execute(db);
    });
    const counted = await sql<{ n: string }>`
      SELECT count(*) AS n FROM profiles p JOIN users u ON u.telegram_id = p.user_telegram_id
       WHERE p.user_telegram_id <= ${profiles} AND NOT u.is_banned AND p.birth_date BETWEEN ${band.from} AND ${band.to}
         AND p.initial_moderation_status = 'APPROVED' AND p.description_moderation_status = 'APPROVED'`.execute(db);
    return { profiles, inBandAround: Number(counted.rows[0]?.n ?? 0), seconds: (performance.now() - started) / 1000 };
  } finally {
    await closeOrm(orm, true);
  }
}
