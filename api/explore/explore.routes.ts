import Router from '@koa/router';
import type { AppState } from '../context';
import type { FirstCardResponse } from '../contracts/explore';
import { nextCard } from './next-card';

/**
 * GET /api/explore/first: the first card over HTTP, so the mini app can ask for it alongside its start-up calls
 * instead of after its socket has opened; what follows comes over ch:'explore' as before.
 */
export function createExploreRouter(): Router<AppState> {
  const router = new Router<AppState>({ sensitive: true });
  router.get('/explore/first', async (ctx) => {
    // As the channel's first request on a socket: someone who liked the viewer first, when there is one.
    ctx.body = { ok: true, card: await nextCard(ctx.state.em, ctx.state.user.telegramId, { preferLikedMe: true }) } satisfies FirstCardResponse;
  });
  return router;
}
