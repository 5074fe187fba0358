import type { EntityManager } from '@mikro-orm/postgresql';
import { ADMIN_MESSAGES, STATS_WINDOW_DAYS, type ModeratorStats } from '../../api/contracts/admin';
import { personLabel } from '../../api/contracts/moderation-outcome';
import { readQuery as query } from '../sql';

/** Fewer reviewers than this (each with at least one decision in the window) is 'too little data' to compare. */
export const MIN_MODERATORS_TO_COMPARE = 2;

interface Row {
  reviewer_id: string;
  decisions: string;
  median_minutes: number;
  username: string | null;
  first_name: string | null;
}

type Stat = NonNullable<ModeratorStats['best']>;

/**
 * Decisions on moderation items and reports over the window, per reviewer, with the median minutes from
 * submission to decision. Ranked by decisions (more is better), ties by the median (faster is better).
 */
async function reviewerStats(em: EntityManager, days: number): Promise<Stat[]> {
  const rows = await query<Row>(
    em,
    `WITH decided AS (
       SELECT reviewer_id, resolved_at - created_at AS took FROM moderation_items
        WHERE reviewer_id IS NOT NULL AND resolved_at >= now() - make_interval(days => ?)
       UNION ALL
       SELECT reviewer_id, resolved_at - created_at FROM reports
        WHERE reviewer_id IS NOT NULL AND resolved_at >= now() - make_interval(days => ?))
     SELECT d.reviewer_id, count(*) AS decisions,
            percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM d.took) / 60) AS median_minutes,
            u.username, u.first_name
       FROM decided d LEFT JOIN users u ON u.telegram_id = d.reviewer_id
      GROUP BY d.reviewer_id, u.username, u.first_name
      ORDER BY count(*) DESC, median_minutes ASC, d.reviewer_id ASC`,
    [days, days],
  );
  return rows.map((r) => {
    const telegramId = Number(r.reviewer_id);
    return { telegramId, label: personLabel({ telegramId, username: r.username, firstName: r.first_name }), decisions: Number(r.decisions), medianMinutes: Math.round(Number(r.median_minutes) * 10) / 10 };
  });
}

/** GET /api/stats/moderators: the best and the worst reviewer of the last 30 days, or 'Недостаточно данных'. */
export async function moderatorStats(em: EntityManager, days = STATS_WINDOW_DAYS): Promise<Omit<ModeratorStats, 'ok'>> {
  const ranked = await reviewerStats(em, days);
  if (ranked.length < MIN_MODERATORS_TO_COMPARE) return { best: null, worst: null, note: ADMIN_MESSAGES.notEnoughData };
  return { best: ranked[0]!, worst: ranked[ranked.length - 1]!, note: null };
}
