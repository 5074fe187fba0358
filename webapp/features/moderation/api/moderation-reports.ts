import { decisionResponseSchema } from '../../../../contracts/moderation';
import {
  REPORT_MODERATION_MESSAGES,
  reportsResponseSchema,
  type ReportActionBody,
  type ReportsResponse,
} from '../../../../contracts/moderation-reports';
import { apiGet, apiPost } from '../../../lib/api/api-client';
import { decisionErrorText } from './moderation-items';

export interface ReportsQuery {
  status?: string;
  type?: string;
  reportId?: string;
  page: number;
  afterId?: number;
}

export function fetchReports(query: ReportsQuery): Promise<ReportsResponse> {
  return apiGet('/moderation/reports', { query: { ...query, limit: 10 }, schema: reportsResponseSchema });
}

/** POST /api/moderation/report/action; a failed block reads 'Не удалось заблокировать' unless the server says why. */
export async function reportAction(body: ReportActionBody): Promise<void> {
  try {
    await apiPost('/moderation/report/action', body, { schema: decisionResponseSchema });
  } catch (err) {
    throw new Error(decisionErrorText(err, body.action === 'BLOCK' ? REPORT_MODERATION_MESSAGES.blockFailed : 'Ошибка запроса'), {
      cause: err,
    });
  }
}
