import Router from '@koa/router';
import type { EventBus } from '../../db/events/event-bus';
import type { Storage } from '../../db/media/storage';
import { listReports } from '../../db/moderation/moderation-reports.repository';
import { decideReport } from '../../db/moderation/report-decisions.service';
import { reportActionBodySchema, reportsQuerySchema, type ReportsResponse } from '../../contracts/moderation-reports';
import type { AppState } from '../context';
import { requireRole } from '../middleware/roles';
import type { EvidenceUrls } from './evidence-urls';

/** Reports for moderators: the list, and a decision (reject, block, warn, remove the reported message). */
export function createModerationReportsRouter(deps: { bus: EventBus; evidence: EvidenceUrls; storage: Storage }): Router<AppState> {
  const router = new Router<AppState>({ sensitive: true });
  const moderator = requireRole('MODERATOR');

  router.get('/moderation/reports', moderator, async (ctx) => {
    const page = await listReports(ctx.state.em, ctx.state.user, reportsQuerySchema.parse(ctx.query), {
      evidenceUrl: (reportId) => deps.evidence.urlOf(reportId),
    });
    ctx.body = { ok: true, reports: page.entries, pagination: page.pagination } satisfies ReportsResponse;
  });

  router.post('/moderation/report/action', moderator, async (ctx) => {
    const body = reportActionBodySchema.parse(ctx.request.body ?? {});
    const report = await decideReport(
      ctx.state.em,
      deps.bus,
      ctx.state.user,
      { reportId: body.reportId, action: body.action, reason: 'reason' in body ? body.reason : null },
      deps.storage,
    );
    ctx.body = { ok: true, status: report.status, reportId: report.id };
  });
  return router;
}
