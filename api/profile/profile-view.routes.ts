import Router from '@koa/router';
import { viewProfile, viewProfileByChat } from '../../db/profiles/profile-view.service';
import type { ZodType } from 'zod';
import { AppError } from '../../contracts/errors';
import {
  PROFILE_VIEW_MESSAGES,
  profileViewByChatQuerySchema,
  profileViewQuerySchema,
  type ProfileViewResponse,
} from '../../contracts/profile-view';
import type { AppState } from '../context';
import { countingMisses } from '../middleware/lookup-misses';
import type { RateLimiters } from '../middleware/rate-limits';

/** Peer profiles (end-user.md §7 profile/view): read-only public cards, 404 'Профиль не найден.' for any refusal. */
/** A malformed id is just another profile that is not there. */
function idFrom<T>(schema: ZodType<T>, query: unknown): T {
  const parsed = schema.safeParse(query);
  if (!parsed.success) throw new AppError('NOT_FOUND', PROFILE_VIEW_MESSAGES.notFound);
  return parsed.data;
}

export function createProfileViewRouter(deps: { limits: RateLimiters }): Router<AppState> {
  const router = new Router<AppState>({ sensitive: true });

  router.get('/profile/view', async (ctx) => {
    const me = ctx.state.user.telegramId;
    const profile = await countingMisses(deps.limits.lookupMisses, me, async () => {
      const { userId } = idFrom(profileViewQuerySchema, ctx.query);
      return viewProfile(ctx.state.em, me, userId);
    });
    ctx.body = { ok: true, profile } satisfies ProfileViewResponse;
  });

  router.get('/profile/view-by-chat', async (ctx) => {
    const { chatId } = idFrom(profileViewByChatQuerySchema, ctx.query);
    ctx.body = {
      ok: true,
      profile: await viewProfileByChat(ctx.state.em, ctx.state.user.telegramId, chatId),
    } satisfies ProfileViewResponse;
  });
  return router;
}
