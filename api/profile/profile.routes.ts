import Router from '@koa/router';
import type { Orm } from '../../db/orm';
import { profileSummaries } from '../../db/profiles/profile-summary';
import { isFullyApproved } from '../../db/onboarding/onboarding-status';
import { isHeldByReleaseGate } from '../../db/users/release-gate';
import { AppError, MESSAGES } from '../../contracts/errors';
import type { AppContext, AppState } from '../context';
import { toCurrentUser } from './current-user';

export interface ProfileRouterDeps {
  releaseAt: Date | null;
  /** The summary is read on the ORM's pool directly, not through the request's EntityManager (profile-summary.ts). */
  orm: Orm;
}

export function createProfileRouter(deps: ProfileRouterDeps): Router<AppState> {
  const router = new Router<AppState>({ sensitive: true });
  const loadProfileSummary = profileSummaries(deps.orm);

  const me = async (ctx: AppContext) => {
    const { user } = ctx.state;
    const profile = await loadProfileSummary(user.telegramId);
    // Banned users always see the blocked screen, even before the release.
    if (
      !user.isBanned &&
      isHeldByReleaseGate({ releaseAt: deps.releaseAt, now: new Date(), role: user.role, isApproved: isFullyApproved(profile) })
    ) {
      throw new AppError('RELEASE_SOON', MESSAGES.releaseSoon, { releaseAt: deps.releaseAt?.toISOString() });
    }
    ctx.body = toCurrentUser(user, profile);
  };
  router.get('/profile/me', me);
  router.post('/profile/me', me);
  return router;
}
