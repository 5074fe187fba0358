import Router from '@koa/router';
import type { Storage } from '../../db/media/storage';
import { removeCustomAvatar, setCustomAvatar } from '../../db/users/avatar.service';
import { AVATAR_MESSAGES, avatarUpdateSchema, type AvatarInfo } from '../../contracts/avatar';
import type { AppState } from '../context';
import { photoHosts } from './photo-hosts';

/** The user's avatar: a custom upload, or Telegram's photo as the fallback. */
export function createAvatarRouter(deps: { storage: Storage; publicUrl?: string }): Router<AppState> {
  const router = new Router<AppState>({ sensitive: true });

  router.get('/profile/avatar', (ctx) => {
    const { user, launch } = ctx.state;
    const telegramPhotoUrl = launch.user.photo_url ?? user.photoUrl ?? null;
    const custom = user.customPhotoUrl ?? null;
    ctx.body = {
      ok: true,
      photoUrl: custom ?? telegramPhotoUrl,
      isCustom: custom !== null,
      needsUpdate: !custom && !telegramPhotoUrl,
      telegramPhotoUrl,
    } satisfies AvatarInfo;
  });

  router.post('/profile/avatar/update', async (ctx) => {
    const { photoUrl } = avatarUpdateSchema.parse(ctx.request.body ?? {});
    const url = await setCustomAvatar(ctx.state.em, deps.storage, ctx.state.user.telegramId, photoUrl, photoHosts(ctx, deps.publicUrl));
    ctx.body = { ok: true, photoUrl: url, message: AVATAR_MESSAGES.updated };
  });

  router.post('/profile/avatar/remove', async (ctx) => {
    await removeCustomAvatar(ctx.state.em, deps.storage, ctx.state.user.telegramId);
    ctx.body = { ok: true, message: AVATAR_MESSAGES.removed };
  });
  return router;
}
