import type { EntityManager } from '@mikro-orm/postgresql';
import type { Activity, Registrations, StatsOverview } from '../../api/contracts/admin';
// Browse-only figures: a replica may serve them (db/sql.ts readQuery).
import { readQuery as query } from '../sql';

// Days are UTC calendar days; the window ends today and counts `days` days including today.
const TODAY = `(now() AT TIME ZONE 'UTC')::date`;
const dayOf = (column: string) => `(${column} AT TIME ZONE 'UTC')::date`;
const WINDOW = `(SELECT g::date AS day FROM generate_series(${TODAY} - (?::int - 1), ${TODAY}, interval '1 day') AS g)`;

/** Users today, in the last 7 days (today included) and in total; items waiting for a moderator. */
export async function statsOverview(em: EntityManager): Promise<Omit<StatsOverview, 'ok'>> {
  const [row] = await query<Record<'total' | 'today' | 'week' | 'pending', string>>(
    em,
    `SELECT count(*) AS total,
            count(*) FILTER (WHERE ${dayOf('created_at')} = ${TODAY}) AS today,
            count(*) FILTER (WHERE ${dayOf('created_at')} > ${TODAY} - 7) AS week,
            (SELECT count(*) FROM moderation_items WHERE status = 'PENDING') AS pending
       FROM users`,
  );
  return { totalUsers: Number(row?.total ?? 0), usersToday: Number(row?.today ?? 0), usersThisWeek: Number(row?.week ?? 0), pendingModeration: Number(row?.pending ?? 0) };
}

/** New users per day, oldest first, every day of the window present. */
export async function registrationsPerDay(em: EntityManager, days: number): Promise<Registrations['registrations']> {
  const rows = await query<{ day: string; count: string }>(
    em,
    `SELECT to_char(d.day, 'YYYY-MM-DD') AS day, count(u.telegram_id) AS count
       FROM ${WINDOW} AS d
       LEFT JOIN users u ON ${dayOf('u.created_at')} = d.day
      GROUP BY d.day ORDER BY d.day`,
    [days],
  );
  return rows.map((r) => ({ day: r.day, count: Number(r.count) }));
}

/** Messages sent and likes given per day (dislikes are not activity), oldest first, empty days as zero. */
export async function activityPerDay(em: EntityManager, days: number): Promise<Activity['activity']> {
  const rows = await query<{ day: string; messages: string; likes: string }>(
    em,
    `WITH d AS (SELECT day FROM ${WINDOW} AS w),
          m AS (SELECT ${dayOf('created_at')} AS day, count(*) AS n FROM messages WHERE created_at >= ((SELECT min(day) FROM d)::timestamp AT TIME ZONE 'UTC') GROUP BY 1),
          l AS (SELECT ${dayOf('created_at')} AS day, count(*) AS n FROM likes WHERE kind = 'LIKE' AND created_at >= ((SELECT min(day) FROM d)::timestamp AT TIME ZONE 'UTC') GROUP BY 1)
     SELECT to_char(d.day, 'YYYY-MM-DD') AS day, coalesce(m.n, 0) AS messages, coalesce(l.n, 0) AS likes
       FROM d LEFT JOIN m ON m.day = d.day LEFT JOIN l ON l.day = d.day
      ORDER BY d.day`,
    [days],
  );
  return rows.map((r) => ({ day: r.day, messages: Number(r.messages), likes: Number(r.likes) }));
}
