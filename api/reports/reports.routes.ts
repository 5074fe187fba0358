import Router from '@koa/router';
import type { EventBus } from '../../db/events/event-bus';
import { createReport } from '../../db/reports/reports.service';
import { REPORT_MESSAGES, reportRequestSchema } from '../contracts/reports';
import type { AppState } from '../context';
import { RateLimiter } from '../middleware/rate-limiter';

/** Reports per user per hour (AMENDMENTS §2.4); every attempt counts, so ids cannot be probed quickly either. */
export const REPORT_RATE = { limit: 10, windowMs: 60 * 60_000 };

/** POST /api/profile/report: a complaint about a user or one of their messages, for moderators. */
export function createReportsRouter(deps: { bus: EventBus; rate?: { limit: number; windowMs: number } }): Router<AppState> {
  const router = new Router<AppState>();
  const limiter = new RateLimiter({ ...(deps.rate ?? REPORT_RATE), message: REPORT_MESSAGES.tooMany });

  router.post('/profile/report', async (ctx) => {
    const me = ctx.state.user.telegramId;
    limiter.hit(me);
    const input = reportRequestSchema.parse(ctx.request.body ?? {});
    await createReport(ctx.state.em, deps.bus, me, input);
    ctx.body = { ok: true, message: REPORT_MESSAGES.sent };
  });
  return router;
}
