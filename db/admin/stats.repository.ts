import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import type { Activity, Registrations, ScreeningStats, StatsOverview } from '../../contracts/admin';
// Browse-only figures: a replica may serve them (replica rule in db/kysely.ts).
import { readSqlOf } from '../kysely';

// Days are UTC calendar days; the window ends today and counts `days` days including today.
const TODAY = sql<string>`(now() AT TIME ZONE 'UTC')::date`;
const dayOf = (column: string) => sql<string>`(${sql.ref(column)} AT TIME ZONE 'UTC')::date`;
/** The window's days as a table `alias` with one `day` column (dates; generate_series has no builder form). */
const windowOf = <A extends string>(days: number, alias: A) =>
  sql<{ day: string }>`(SELECT g::date AS day FROM generate_series(${TODAY} - (${days}::int - 1), ${TODAY}, interval '1 day') AS g)`.as(
    alias,
  );

/** Users today, in the last 7 days (today included) and in total; items waiting for a moderator. */
export async function statsOverview(em: EntityManager): Promise<Omit<StatsOverview, 'ok'>> {
  const row = await readSqlOf(em)
    .selectFrom('users')
    .select((eb) => [
      eb.fn.countAll().as('total'),
      eb.fn
        .countAll()
        .filterWhere(sql<boolean>`${dayOf('created_at')} = ${TODAY}`)
        .as('today'),
      eb.fn
        .countAll()
        .filterWhere(sql<boolean>`${dayOf('created_at')} > ${TODAY} - 7`)
        .as('week'),
      eb
        .selectFrom('moderation_items')
        .select((sub) => sub.fn.countAll().as('n'))
        .where('status', '=', 'PENDING')
        .as('pending'),
    ])
    .executeTakeFirst();
  return {
    totalUsers: Number(row?.total ?? 0),
    usersToday: Number(row?.today ?? 0),
    usersThisWeek: Number(row?.week ?? 0),
    pendingModeration: Number(row?.pending ?? 0),
  };
}

/** New users per day, oldest first, every day of the window present. */
export async function registrationsPerDay(em: EntityManager, days: number): Promise<Registrations['registrations']> {
  const rows = await readSqlOf(em)
    .selectFrom(windowOf(days, 'd'))
    .leftJoin('users as u', (join) => join.on(sql<boolean>`${dayOf('u.created_at')} = d.day`))
    .select((eb) => [sql<string>`to_char(d.day, 'YYYY-MM-DD')`.as('day'), eb.fn.count('u.telegram_id').as('count')])
    .groupBy('d.day')
    .orderBy('d.day')
    .execute();
  return rows.map((r) => ({ day: r.day, count: Number(r.count) }));
}

/** Messages sent and likes given per day (dislikes are not activity), oldest first, empty days as zero. */
export async function activityPerDay(em: EntityManager, days: number): Promise<Activity['activity']> {
  const windowStart = sql<Date>`((SELECT min(day) FROM d)::timestamp AT TIME ZONE 'UTC')`;
  const rows = await readSqlOf(em)
    .with('d', (db) => db.selectFrom(windowOf(days, 'w')).select('w.day'))
    .with('m', (db) =>
      db
        .selectFrom('messages')
        .select((eb) => [dayOf('created_at').as('day'), eb.fn.countAll().as('n')])
        .where('created_at', '>=', windowStart)
        .groupBy(sql`1`),
    )
    .with('l', (db) =>
      db
        .selectFrom('likes')
        .select((eb) => [dayOf('created_at').as('day'), eb.fn.countAll().as('n')])
        .where('kind', '=', 'LIKE')
        .where('created_at', '>=', windowStart)
        .groupBy(sql`1`),
    )
    .selectFrom('d')
    .leftJoin('m', 'm.day', 'd.day')
    .leftJoin('l', 'l.day', 'd.day')
    .select((eb) => [
      sql<string>`to_char(d.day, 'YYYY-MM-DD')`.as('day'),
      eb.fn.coalesce('m.n', sql.lit(0)).as('messages'),
      eb.fn.coalesce('l.n', sql.lit(0)).as('likes'),
    ])
    .orderBy('d.day')
    .execute();
  return rows.map((r) => ({ day: r.day, messages: Number(r.messages), likes: Number(r.likes) }));
}

/** What image screening did per day (issue #27): refused, flagged, warned; oldest first, empty days as zero. */
export async function screeningPerDay(em: EntityManager, days: number): Promise<Omit<ScreeningStats['screening'][number], 'ageFlagged'>[]> {
  const rows = await readSqlOf(em)
    .selectFrom(windowOf(days, 'd'))
    .leftJoin('screening_events as e', (join) => join.on(sql<boolean>`${dayOf('e.created_at')} = d.day`))
    .select((eb) => [
      sql<string>`to_char(d.day, 'YYYY-MM-DD')`.as('day'),
      eb.fn.count('e.id').filterWhere('e.outcome', '=', 'REFUSED').as('refused'),
      eb.fn.count('e.id').filterWhere('e.outcome', '=', 'FLAGGED').as('flagged'),
      eb.fn.count('e.id').filterWhere('e.outcome', '=', 'WARNED').as('warned'),
    ])
    .groupBy('d.day')
    .orderBy('d.day')
    .execute();
  return rows.map((r) => ({ day: r.day, refused: Number(r.refused), flagged: Number(r.flagged), warned: Number(r.warned) }));
}
