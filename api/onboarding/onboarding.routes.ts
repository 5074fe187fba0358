import Router from '@koa/router';
import { loadOnboardingStatus } from '../../db/onboarding/onboarding-status';
import { submitBase, submitDetails } from '../../db/onboarding/onboarding.service';
import { setMissingSex } from '../../db/profiles/missing-sex.service';
import { loadWriteAccess, recordWriteAccess } from '../../db/users/write-access.service';
import { submitBaseSchema, submitDetailsSchema, type StatusResponse } from '../../contracts/profile';
import { setSexSchema, type SetSexResponse } from '../../contracts/profile-sex';
import { writeAccessBodySchema, type WriteAccessResponse } from '../../contracts/write-access';
import type { AppContext, AppState } from '../context';
import { photoHosts } from '../profile/photo-hosts';

/** Onboarding: base submission, description submission, the registration status, a missing sex (AMENDMENTS §5.2) and write access. */
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

  router.post('/profile/sex', async (ctx) => {
    const input = setSexSchema.parse(ctx.request.body ?? {});
    const stored = await setMissingSex(ctx.state.em, ctx.state.user.telegramId, input);
    ctx.body = { ok: true, ...stored } satisfies SetSexResponse;
  });

  // Whether the bot may write to the user (issue 40): asked at the end of onboarding, offered again while under review.
  router.get('/profile/write-access', async (ctx) => {
    ctx.body = { ok: true, writeAccess: await loadWriteAccess(ctx.state.em, ctx.state.user.telegramId) } satisfies WriteAccessResponse;
  });
  router.post('/profile/write-access', async (ctx) => {
    const { allowed } = writeAccessBodySchema.parse(ctx.request.body ?? {});
    ctx.body = {
      ok: true,
      writeAccess: await recordWriteAccess(ctx.state.em, ctx.state.user.telegramId, allowed),
    } satisfies WriteAccessResponse;
  });

  const status = async (ctx: AppContext) => {
    const progress = await loadOnboardingStatus(ctx.state.em, ctx.state.user.telegramId);
    ctx.body = { ok: true, ...progress } satisfies StatusResponse;
  };
  router.post('/profile/status', status);
  router.get('/profile/status', status);
  return router;
}
