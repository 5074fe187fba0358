import Router from '@koa/router';
import { moderatorStats } from '../../db/admin/moderator-stats.repository';
import { ageFlaggedPerDay } from '../../db/admin/age-check-stats';
import { activityPerDay, registrationsPerDay, screeningPerDay, statsOverview } from '../../db/admin/stats.repository';
import {
  statsDaysQuerySchema,
  type Activity,
  type ModeratorStats,
  type Registrations,
  type ScreeningStats,
  type StatsOverview,
} from '../../contracts/admin';
import type { AppState } from '../context';
import { requireRole } from '../middleware/roles';

/** Admin statistics (moderation-admin.md §2 Admin statistics); days are UTC, oldest first. */
export function createStatsRouter(): Router<AppState> {
  const router = new Router<AppState>({ sensitive: true });
  const admin = requireRole('ADMIN');

  router.get('/stats/overview', admin, async (ctx) => {
    ctx.body = { ok: true, ...(await statsOverview(ctx.state.em)) } satisfies StatsOverview;
  });

  router.get('/stats/registrations', admin, async (ctx) => {
    const { days } = statsDaysQuerySchema.parse(ctx.query);
    ctx.body = { ok: true, registrations: await registrationsPerDay(ctx.state.em, days) } satisfies Registrations;
  });

  router.get('/stats/activity', admin, async (ctx) => {
    const { days } = statsDaysQuerySchema.parse(ctx.query);
    ctx.body = { ok: true, activity: await activityPerDay(ctx.state.em, days) } satisfies Activity;
  });

  router.get('/stats/screening', admin, async (ctx) => {
    const { days } = statsDaysQuerySchema.parse(ctx.query);
    const screening = await screeningPerDay(ctx.state.em, days);
    const ageFlagged = await ageFlaggedPerDay(ctx.state.em, days);
    ctx.body = { ok: true, screening: screening.map((d) => ({ ...d, ageFlagged: ageFlagged.get(d.day) ?? 0 })) } satisfies ScreeningStats;
  });

  router.get('/stats/moderators', admin, async (ctx) => {
    ctx.body = { ok: true, ...(await moderatorStats(ctx.state.em)) } satisfies ModeratorStats;
  });
  return router;
}
