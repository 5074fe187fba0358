import {
  activitySchema,
  moderatorStatsSchema,
  registrationsSchema,
  screeningStatsSchema,
  statsOverviewSchema,
  STATS_WINDOW_DAYS,
  type Activity,
  type ModeratorStats,
  type Registrations,
  type ScreeningStats,
  type StatsOverview,
} from '../../../../contracts/admin';
import { apiGet } from '../../../lib/api/api-client';

export interface AdminStats {
  overview: StatsOverview;
  registrations: Registrations['registrations'];
  activity: Activity['activity'];
  moderators: ModeratorStats;
  screening: ScreeningStats['screening'];
}

/** The statistics calls at once (moderation-admin.md §7, issue #27's screening), over the 30-day window. */
export async function fetchAdminStats(): Promise<AdminStats> {
  const query = { days: STATS_WINDOW_DAYS };
  const [overview, registrations, activity, moderators, screening] = await Promise.all([
    apiGet('/stats/overview', { schema: statsOverviewSchema }),
    apiGet('/stats/registrations', { query, schema: registrationsSchema }),
    apiGet('/stats/activity', { query, schema: activitySchema }),
    apiGet('/stats/moderators', { schema: moderatorStatsSchema }),
    apiGet('/stats/screening', { query, schema: screeningStatsSchema }),
  ]);
  return {
    overview,
    registrations: registrations.registrations,
    activity: activity.activity,
    moderators,
    screening: screening.screening,
  };
}
