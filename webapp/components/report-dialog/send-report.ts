import { reportResponseSchema, type ReportRequestBody } from '../../../contracts/reports';
import { apiPost } from '../../lib/api/api-client';

/** POST /api/profile/report; `messageId` for a report on one chat message. */
export function sendReport(input: ReportRequestBody) {
  return apiPost('/profile/report', { ...input }, { schema: reportResponseSchema });
}
