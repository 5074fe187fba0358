import { z } from 'zod';
import { receivedLikeSchema, type ReceivedLike } from '../../../../contracts/likes';
import { sanitizeUrls } from '../../../lib/api/sanitize-urls';

export const RECEIVED_PAGE_SIZE = 20;

export type ReceivedLikesState =
  | { phase: 'loading' }
  | { phase: 'list'; likes: ReceivedLike[]; index: number; hasNext: boolean; busy: boolean }
  /** No like waits for an answer; `counts` (from the server) tell whether likes ever came and how many became matches. */
  | { phase: 'none'; counts?: LikeCounts }
  /** Every received like was answered. */
  | { phase: 'end' }
  | { phase: 'error'; message: string };

interface LikeCounts {
  received: number;
  matches: number;
}

const countsSchema = z.object({ received: z.number().int().min(0), matches: z.number().int().min(0) });
const pageSchema = z.object({
  likes: z.array(z.unknown()),
  hasNext: z.boolean().optional(),
  counts: countsSchema.optional().catch(undefined),
});

/** A `received_likes` page; likes that fail the card schema are left out. Null when the page itself is malformed. */
export function parseReceivedPage(data: unknown): ReceivedPage | null {
  const page = pageSchema.safeParse(data);
  if (!page.success) return null;
  const likes = page.data.likes.flatMap((item) => {
    const like = receivedLikeSchema.safeParse(sanitizeUrls(item));
    return like.success ? [like.data] : [];
  });
  return { likes, hasNext: page.data.hasNext ?? false, counts: page.data.counts };
}

export interface ReceivedPage {
  likes: ReceivedLike[];
  hasNext: boolean;
  counts?: LikeCounts;
}

/** The state after a page arrives: empty is 'none' (with the counts) unless something was answered here without them ('end'). */
export function stateForPage(page: ReceivedPage, answeredAny: boolean): ReceivedLikesState {
  if (page.likes.length === 0) return answeredAny && !page.counts ? { phase: 'end' } : { phase: 'none', counts: page.counts };
  return { phase: 'list', likes: page.likes, index: 0, hasNext: page.hasNext, busy: false };
}

/** After action_success for `targetUserId`: the next like, or null when this page is done. */
export function advance(state: ReceivedLikesState, targetUserId: string | undefined): ReceivedLikesState | null {
  if (state.phase !== 'list') return state;
  const current = state.likes[state.index];
  if (targetUserId !== undefined && current?.userId !== targetUserId) return state;
  const index = state.index + 1;
  return index < state.likes.length ? { ...state, index, busy: false } : null;
}

/** After blocking `userId`: their likes leave the list; null when nothing is left on this page. */
export function withoutUser(state: ReceivedLikesState, userId: string): ReceivedLikesState | null {
  if (state.phase !== 'list') return state;
  const before = state.likes.slice(0, state.index).filter((l) => l.userId !== userId).length;
  const likes = state.likes.filter((l) => l.userId !== userId);
  return before < likes.length ? { ...state, likes, index: before, busy: false } : null;
}
