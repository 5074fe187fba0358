import { reportResponseSchema, type ReportReason } from '../../../api/contracts/reports';
import { apiPost } from '../../lib/api/api-client';

export interface ReportInput {
  reportedUserId: string;
  reason: ReportReason;
  description?: string;
  /** For a report on one chat message. */
  messageId?: string;
}

/** POST /api/profile/report. */
export function sendReport(input: ReportInput) {
  return apiPost('/profile/report', { ...input }, { schema: reportResponseSchema });
}
