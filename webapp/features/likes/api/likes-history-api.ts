import { z } from 'zod';
import { historyResponseSchema, type HistoryFilter, type HistoryResponse } from '../../../../contracts/likes';
import { apiGet, apiPost } from '../../../lib/api/api-client';

const HISTORY_PAGE_SIZE = 20;

/** GET /api/likes/history: one page of a tab with the counts of all tabs. */
export function fetchLikesHistory(filter: HistoryFilter, page: number, signal?: AbortSignal): Promise<HistoryResponse> {
  return apiGet('/likes/history', { query: { filter, page, limit: HISTORY_PAGE_SIZE }, schema: historyResponseSchema, signal });
}

const clearOldSchema = z.object({ ok: z.literal(true), removed: z.number(), message: z.string() });

/** POST /api/likes/clear-old: removes the user's own likes older than 2 weeks. */
export function clearOldLikes(): Promise<z.infer<typeof clearOldSchema>> {
  return apiPost('/likes/clear-old', {}, { schema: clearOldSchema });
}
