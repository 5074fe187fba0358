import Router from '@koa/router';
import { evidenceKeyOf } from '../../db/moderation/reported-messages';
import { Report } from '../../db/reports/report.entity';
import type { Storage } from '../../db/media/storage';
import { AppError } from '../../contracts/errors';
import type { AppState } from '../context';
import type { EvidenceUrls } from './evidence-urls';

const NOT_FOUND = 'Изображение не найдено';
const REPORT_ID = /^[1-9][0-9]{0,15}$/;

/**
 * GET /cdn/evidence/{reportId}?exp=&sig=: a deleted message's photo kept for an open report, by a signed link only
 * staff are given (evidence-urls.ts). Anything else — a bad or expired link, a decided report — is 'not found'.
 */
export function createEvidenceRouter(deps: { storage: Storage; urls: EvidenceUrls }): Router<AppState> {
  const router = new Router<AppState>({ sensitive: true });
  router.get('/cdn/evidence/:reportId', async (ctx) => {
    const raw = ctx.params.reportId ?? '';
    const reportId = REPORT_ID.test(raw) ? Number(raw) : 0;
    const { exp, sig } = ctx.query;
    if (!reportId || !deps.urls.valid(reportId, typeof exp === 'string' ? exp : undefined, typeof sig === 'string' ? sig : undefined))
      throw new AppError('NOT_FOUND', NOT_FOUND);
    const report = await ctx.state.em.findOne(Report, { id: reportId, status: 'PENDING' });
    const key = report ? evidenceKeyOf(report) : null;
    const data = key ? await deps.storage.get(key) : null;
    if (!data) throw new AppError('NOT_FOUND', NOT_FOUND);
    ctx.set('Cache-Control', 'private, no-store');
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.type = 'image/webp';
    ctx.body = data;
  });
  return router;
}
