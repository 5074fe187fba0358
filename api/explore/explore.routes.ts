import Router from '@koa/router';
import { AppError } from '../../contracts/errors';
import { undoLastDislike } from '../../db/likes/undo-dislike.service';
import { loadProfileCards } from '../../db/profiles/profile-cards';
import type { AppState } from '../context';
import type { FirstCardResponse } from '../../contracts/explore';
import { MEET_MESSAGES } from '../../db/matching/eligibility';
import { undoDislikeBodySchema, type UndoDislikeResponse } from '../../contracts/likes';
import { countingMisses } from '../middleware/lookup-misses';
import type { RateLimiters } from '../middleware/rate-limits';
import type { Metrics } from '../../platform/metrics/metrics';
import { nextCard } from './next-card';

/**
 * GET /api/explore/first: the first card over HTTP, so the mini app can ask for it alongside its start-up calls
 * instead of after its socket has opened; what follows comes over ch:'explore' as before.
 * POST /api/explore/undo: takes back the last dislike and answers its card.
 */
export function createExploreRouter(deps: { limits: RateLimiters; metrics: Metrics }): Router<AppState> {
  const router = new Router<AppState>({ sensitive: true });
  router.get('/explore/first', async (ctx) => {
    // As the channel's first request on a socket: someone who liked the viewer first, when there is one.
    const started = performance.now();
    const { card } = await nextCard(ctx.state.em, ctx.state.user.telegramId, { preferLikedMe: true });
    deps.metrics.feedRequest('http', (performance.now() - started) / 1000);
    ctx.body = { ok: true, card } satisfies FirstCardResponse;
  });
  router.post('/explore/undo', async (ctx) => {
    const { targetUserId } = undoDislikeBodySchema.parse(ctx.request.body ?? {});
    // A swipe taken back counts like a like: a script cannot flip cards faster than a person.
    await deps.limits.likes.hit(ctx.state.user.telegramId);
    const me = ctx.state.user.telegramId;
    await countingMisses(deps.limits.lookupMisses, me, () => undoLastDislike(ctx.state.em, me, targetUserId));
    const card = (await loadProfileCards(ctx.state.em, [targetUserId])).get(targetUserId);
    if (!card) throw new AppError('NOT_FOUND', MEET_MESSAGES.unavailable);
    ctx.body = { ok: true, card } satisfies UndoDislikeResponse;
  });
  return router;
}
