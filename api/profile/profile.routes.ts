import Router from '@koa/router';
import { loadProfileSummary } from '../../db/profiles/my-profile';
import { isFullyApproved } from '../../db/profiles/registration-status';
import { isHeldByReleaseGate } from '../../db/users/release-gate';
import { AppError, MESSAGES } from '../contracts/errors';
import type { AppContext, AppState } from '../context';
import { toCurrentUser } from './current-user';

export interface ProfileRouterDeps {
  releaseAt: Date | null;
}

export function createProfileRouter(deps: ProfileRouterDeps): Router<AppState> {
  const router = new Router<AppState>();

  const me = async (ctx: AppContext) => {
    const { user } = ctx.state;
    const profile = await loadProfileSummary(ctx.state.em, user.telegramId);
    // Banned users always see the blocked screen, even before the release.
    if (!user.isBanned && isHeldByReleaseGate({ releaseAt: deps.releaseAt, now: new Date(), role: user.role, isApproved: isFullyApproved(profile) })) {
      throw new AppError('RELEASE_SOON', MESSAGES.releaseSoon, { releaseAt: deps.releaseAt?.toISOString() });
    }
    ctx.body = toCurrentUser(user, profile);
  };
  router.get('/profile/me', me);
  router.post('/profile/me', me);
  return router;
}
