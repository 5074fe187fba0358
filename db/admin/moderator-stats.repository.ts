import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { ADMIN_MESSAGES, STATS_WINDOW_DAYS, type ModeratorStats } from '../../contracts/admin';
import { personLabel } from '../../contracts/moderation-outcome';
import { readSqlOf } from '../kysely';

/** Fewer reviewers than this (each with at least one decision in the window) is 'too little data' to compare. */
const MIN_MODERATORS_TO_COMPARE = 2;

type Stat = NonNullable<ModeratorStats['best']>;

/**
 * Decisions on moderation items and reports over the window, per reviewer, with the median minutes from
 * submission to decision. Ranked by decisions (more is better), ties by the median (faster is better).
 */
async function reviewerStats(em: EntityManager, days: number): Promise<Stat[]> {
  // Browse-only figures: a replica may serve them (replica rule in db/kysely.ts).
  const since = sql<Date>`now() - make_interval(days => ${days})`;
  const took = sql<string>`resolved_at - created_at`.as('took');
  const rows = await readSqlOf(em)
    .with('decided', (db) =>
      db
        .selectFrom('moderation_items')
        .select(['reviewer_id', took])
        .where('reviewer_id', 'is not', null)
        .where('resolved_at', '>=', since)
        .unionAll(
          db.selectFrom('reports').select(['reviewer_id', took]).where('reviewer_id', 'is not', null).where('resolved_at', '>=', since),
        ),
    )
    .selectFrom('decided as d')
    .leftJoin('users as u', 'u.telegram_id', 'd.reviewer_id')
    .select((eb) => [
      'd.reviewer_id',
      eb.fn.countAll().as('decisions'),
      sql<number>`percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM d.took) / 60)`.as('median_minutes'),
      'u.username',
      'u.first_name',
    ])
    .groupBy(['d.reviewer_id', 'u.username', 'u.first_name'])
    .orderBy((eb) => eb.fn.countAll(), 'desc')
    .orderBy('median_minutes', 'asc')
    .orderBy('d.reviewer_id', 'asc')
    .execute();
  return rows.map((r) => {
    // Bigints and counts come back as text (pg's int8): Number() either way.
    const telegramId = Number(r.reviewer_id);
    return {
      telegramId,
      label: personLabel({ telegramId, username: r.username, firstName: r.first_name }),
      decisions: Number(r.decisions),
      medianMinutes: Math.round(Number(r.median_minutes) * 10) / 10,
    };
  });
}

/** GET /api/stats/moderators: the best and the worst reviewer of the last 30 days, or 'Недостаточно данных'. */
export async function moderatorStats(em: EntityManager, days = STATS_WINDOW_DAYS): Promise<Omit<ModeratorStats, 'ok'>> {
  const ranked = await reviewerStats(em, days);
  if (ranked.length < MIN_MODERATORS_TO_COMPARE) return { best: null, worst: null, note: ADMIN_MESSAGES.notEnoughData };
  return { best: ranked[0]!, worst: ranked[ranked.length - 1]!, note: null };
}
