import Router from '@koa/router';
import type { EventBus } from '../../db/events/event-bus';
import { blockUser } from '../../db/privacy/blocks.service';
import { createReport } from '../../db/reports/reports.service';
import { REPORT_MESSAGES, reportRequestSchema } from '../../contracts/reports';
import type { AppState } from '../context';
import { countingMisses } from '../middleware/lookup-misses';
import type { RateLimiters } from '../middleware/rate-limits';

/** POST /api/profile/report: a complaint about a user or one of their messages, for moderators; `alsoBlock` blocks them too. */
export function createReportsRouter(deps: { bus: EventBus; limits: RateLimiters }): Router<AppState> {
  const router = new Router<AppState>({ sensitive: true });

  router.post('/profile/report', async (ctx) => {
    const me = ctx.state.user.telegramId;
    // Every attempt counts (RATE_LIMITS.reports), so ids cannot be probed quickly either.
    await deps.limits.reports.hit(me);
    const input = reportRequestSchema.parse(ctx.request.body ?? {});
    await countingMisses(deps.limits.lookupMisses, me, async () => {
      await createReport(ctx.state.em, deps.bus, me, input);
      // 'Также заблокировать': the blacklist's own path, with its rules and pushes.
      if (input.alsoBlock) await blockUser(ctx.state.em, deps.bus, me, input.reportedUserId);
    });
    ctx.body = { ok: true, message: REPORT_MESSAGES.sent, blocked: input.alsoBlock };
  });
  return router;
}
