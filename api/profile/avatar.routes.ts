import Router from '@koa/router';
import { sqlOf } from '../../db/kysely';
import type { Storage } from '../../db/media/storage';
import { firstApprovedPhoto } from '../../db/profiles/first-photo';
import { removeCustomAvatar, setCustomAvatar } from '../../db/users/avatar.service';
import { AVATAR_MESSAGES, avatarUpdateSchema, type AvatarInfo } from '../../contracts/avatar';
import { imagePath } from '../../contracts/media';
import type { AppState } from '../context';
import { photoHosts } from './photo-hosts';

/** The user's avatar: a custom upload, else the main approved profile photo, else Telegram's photo when there is one. */
export function createAvatarRouter(deps: { storage: Storage; publicUrl?: string }): Router<AppState> {
  const router = new Router<AppState>({ sensitive: true });

  router.get('/profile/avatar', async (ctx) => {
    const { user, launch } = ctx.state;
    // Only this launch's photo: a user who has none (or hid it) gets no stale one.
    const telegramPhotoUrl = launch.user.photo_url ?? null;
    const custom = user.customPhotoUrl ?? null;
    const db = sqlOf(ctx.state.em);
    const main = await db.selectNoFrom(() => firstApprovedPhoto(db, user.telegramId).as('image')).executeTakeFirst();
    const profilePhotoUrl = main?.image ? imagePath(main.image, 'profile') : null;
    const photoUrl = custom ?? profilePhotoUrl ?? telegramPhotoUrl;
    ctx.body = {
      ok: true,
      photoUrl,
      isCustom: custom !== null,
      needsUpdate: photoUrl === null,
      telegramPhotoUrl,
      profilePhotoUrl,
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
