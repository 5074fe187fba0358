import Router from '@koa/router';
import { isHeldByReleaseGate } from '../../db/users/release-gate';
import { AppError, MESSAGES } from '../contracts/errors';
import type { AppContext, AppState } from '../context';
import { toCurrentUser } from './current-user';

export interface ProfileRouterDeps {
  releaseAt: Date | null;
}

export function createProfileRouter(deps: ProfileRouterDeps): Router<AppState> {
  const router = new Router<AppState>();

  const me = (ctx: AppContext) => {
    const { user } = ctx.state;
    // Banned users always see the blocked screen, even before the release.
    if (!user.isBanned && isHeldByReleaseGate({ releaseAt: deps.releaseAt, now: new Date(), role: user.role, isApproved: false })) {
      throw new AppError('RELEASE_SOON', MESSAGES.releaseSoon, { releaseAt: deps.releaseAt?.toISOString() });
    }
    ctx.body = toCurrentUser(user);
  };
  router.get('/profile/me', me);
  router.post('/profile/me', me);
  return router;
}
