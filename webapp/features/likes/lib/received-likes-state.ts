import { z } from 'zod';
import { receivedLikeSchema, type ReceivedLike } from '../../../../api/contracts/likes';
import { sanitizeUrls } from '../../../lib/api/sanitize-urls';

export const RECEIVED_PAGE_SIZE = 20;

export type ReceivedLikesState =
  | { phase: 'loading' }
  | { phase: 'list'; likes: ReceivedLike[]; index: number; hasNext: boolean; busy: boolean }
  /** Nobody has liked the user (yet). */
  | { phase: 'none' }
  /** Every received like was answered. */
  | { phase: 'end' }
  | { phase: 'error'; message: string };

const pageSchema = z.object({ likes: z.array(z.unknown()), hasNext: z.boolean().optional() });

/** A `received_likes` page; likes that fail the card schema are left out. Null when the page itself is malformed. */
export function parseReceivedPage(data: unknown): { likes: ReceivedLike[]; hasNext: boolean } | null {
  const page = pageSchema.safeParse(data);
  if (!page.success) return null;
  const likes = page.data.likes.flatMap((item) => {
    const like = receivedLikeSchema.safeParse(sanitizeUrls(item));
    return like.success ? [like.data] : [];
  });
  return { likes, hasNext: page.data.hasNext ?? false };
}

/** The state after a page arrives: an empty page is 'none' on a first visit and 'end' once something was answered. */
export function stateForPage(page: { likes: ReceivedLike[]; hasNext: boolean }, answeredAny: boolean): ReceivedLikesState {
  if (page.likes.length === 0) return { phase: answeredAny ? 'end' : 'none' };
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
