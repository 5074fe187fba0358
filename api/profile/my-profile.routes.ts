import Router from '@koa/router';
import { loadMyProfile } from '../../db/profiles/my-profile';
import { queueProfileEdit } from '../../db/profiles/profile-edit.service';
import { EDIT_QUEUED_MESSAGE, NO_CHANGES_MESSAGE, profileEditSchema, type ProfileEditResponse } from '../../contracts/profile';
import type { AppState } from '../context';
import { photoHosts } from './photo-hosts';

/** The owner's profile: read it, and send edits to moderation. */
export function createMyProfileRouter(deps: { publicUrl?: string }): Router<AppState> {
  const router = new Router<AppState>({ sensitive: true });

  router.get('/profile/my', async (ctx) => {
    ctx.body = await loadMyProfile(ctx.state.em, ctx.state.user.telegramId);
  });

  router.patch('/profile/my', async (ctx) => {
    const input = profileEditSchema.parse(ctx.request.body ?? {});
    const queued = await queueProfileEdit(ctx.state.em, ctx.state.user.telegramId, input, photoHosts(ctx, deps.publicUrl));
    const message = queued.editQueued || queued.photosQueued ? EDIT_QUEUED_MESSAGE : NO_CHANGES_MESSAGE;
    ctx.body = { ok: true, ...queued, message } satisfies ProfileEditResponse;
  });
  return router;
}
