import Router from '@koa/router';
import { clearOldLikes } from '../../db/likes/likes.service';
import { likesHistoryPage } from '../../db/likes/likes-history.repository';
import { unreadLikesBadge } from '../../db/likes/received-likes.repository';
import { loadViewer } from '../../db/matching/viewer';
import { historyQuerySchema, LIKES_MESSAGES, type HistoryResponse } from '../../contracts/likes';
import type { AppState } from '../context';

export function createLikesRouter(): Router<AppState> {
  const router = new Router<AppState>({ sensitive: true });

  router.get('/likes/unread-count', async (ctx) => {
    // Before the profile may browse there is nothing to count: zero, not an error (the badge polls this).
    ctx.body = { ok: true, count: await unreadLikesBadge(ctx.state.em, ctx.state.user.telegramId) };
  });

  router.get('/likes/history', async (ctx) => {
    const { filter, page, limit } = historyQuerySchema.parse(ctx.query);
    const viewer = await loadViewer(ctx.state.em, ctx.state.user.telegramId);
    const body: HistoryResponse = { ok: true, ...(await likesHistoryPage(ctx.state.em, viewer, filter, page, limit)) };
    ctx.body = body;
  });

  router.post('/likes/clear-old', async (ctx) => {
    const removed = await clearOldLikes(ctx.state.em, ctx.state.user.telegramId);
    ctx.body = { ok: true, removed, message: LIKES_MESSAGES.cleared(removed) };
  });
  return router;
}
