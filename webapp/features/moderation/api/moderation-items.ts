import {
  decisionResponseSchema,
  moderationCountsSchema,
  moderationItemsResponseSchema,
  MODERATION_MESSAGES,
  type ItemStatusBody,
  type ModerationCounts,
  type ModerationItemsResponse,
  type ModerationItemView,
} from '../../../../contracts/moderation';
import { apiGet, apiPost } from '../../../lib/api/api-client';
import { isApiError } from '../../../lib/api/api-error';
import { errorText } from '../../../lib/api/error-text';

export interface ItemsQuery {
  type?: string;
  status?: string;
  userId?: string;
  itemId?: string;
  page: number;
  afterId?: number;
}

/** GET /api/moderation/items (the client falls back to the path without /api on a 404). */
export function fetchModerationItems(query: ItemsQuery): Promise<ModerationItemsResponse> {
  return apiGet('/moderation/items', { query: { ...query, limit: 10 }, schema: moderationItemsResponseSchema });
}

export async function fetchModerationCounts(): Promise<ModerationCounts> {
  return (await apiGet('/moderation/counts', { schema: moderationCountsSchema })).counts;
}

/** The server's refusal (already decided, bad reason) is shown as it is; anything else as the spec's generic text. */
export function decisionErrorText(err: unknown, fallback: string): string {
  return errorText(err, fallback);
}

/** POST /api/moderation/item/status; 'Failed to update moderation status' when every attempt failed. */
export async function updateItemStatus(body: ItemStatusBody): Promise<void> {
  try {
    await apiPost('/moderation/item/status', body, { schema: decisionResponseSchema });
  } catch (err) {
    throw new Error(decisionErrorText(err, MODERATION_MESSAGES.updateFailed), { cause: err });
  }
}

/** 409 for a pending item that changed since it was shown: it is shown again, not removed. */
export const isItemChanged = (err: unknown) =>
  err instanceof Error &&
  isApiError(err.cause) &&
  err.cause.status === 409 &&
  (err.cause.body as { changed?: unknown } | null)?.changed === true;

/** 409: someone else decided first; the entry leaves the list like a decided one. */
export const isAlreadyDecided = (err: unknown) =>
  err instanceof Error && isApiError(err.cause) && err.cause.status === 409 && !isItemChanged(err);

/** The item as it is now (after a refusal because it changed). */
export async function fetchModerationItem(itemId: number): Promise<ModerationItemView | null> {
  return (await fetchModerationItems({ itemId: String(itemId), page: 1 })).items[0] ?? null;
}
