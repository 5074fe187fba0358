import Router from '@koa/router';
import { loadOnboardingStatus } from '../../db/onboarding/onboarding-status';
import { submitBase, submitDetails } from '../../db/onboarding/onboarding.service';
import { submitBaseSchema, submitDetailsSchema, type StatusResponse } from '../contracts/profile';
import type { AppContext, AppState } from '../context';
import { photoHosts } from '../profile/photo-hosts';

/** Onboarding: base submission, description submission and the registration status. */
export function createOnboardingRouter(deps: { publicUrl?: string }): Router<AppState> {
  const router = new Router<AppState>({ sensitive: true });

  router.post('/profile/submit-base', async (ctx) => {
    const input = submitBaseSchema.parse(ctx.request.body ?? {});
    const status = await submitBase(ctx.state.em, ctx.state.user.telegramId, input, photoHosts(ctx, deps.publicUrl));
    ctx.body = { ok: true, status };
  });

  router.post('/profile/submit-details', async (ctx) => {
    const input = submitDetailsSchema.parse(ctx.request.body ?? {});
    const status = await submitDetails(ctx.state.em, ctx.state.user.telegramId, input);
    ctx.body = { ok: true, status };
  });

  const status = async (ctx: AppContext) => {
    const { status, reason } = await loadOnboardingStatus(ctx.state.em, ctx.state.user.telegramId);
    ctx.body = { ok: true, status, reason } satisfies StatusResponse;
  };
  router.post('/profile/status', status);
  router.get('/profile/status', status);
  return router;
}
