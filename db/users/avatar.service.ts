import type { EntityManager } from '@mikro-orm/postgresql';
import { AVATAR_MESSAGES } from '../../contracts/avatar';
import { AppError } from '../../contracts/errors';
import { imagePath, MEDIA_MESSAGES, parseImageUrl } from '../../contracts/media';
import { Image } from '../media/image.entity';
import { deleteImage } from '../media/images.service';
import type { Storage } from '../media/storage';
import { User } from './user.entity';

/** Deletes the files of a replaced custom avatar so a removed photo stops being served. */
async function dropPreviousAvatar(em: EntityManager, storage: Storage, user: User, keepId: string | null): Promise<void> {
  const previous = user.customPhotoUrl ? parseImageUrl(user.customPhotoUrl, []) : null;
  if (!previous?.ok || previous.id === keepId) return;
  const image = await em.findOne(Image, { id: previous.id, owner: user.telegramId, kind: 'avatar' });
  if (image) await deleteImage(em, storage, image.id);
}

/** Makes an avatar the user uploaded (variant avatar) their custom photo; returns its URL. */
export async function setCustomAvatar(
  em: EntityManager,
  storage: Storage,
  userId: number,
  photoUrl: string,
  hosts: readonly string[],
): Promise<string> {
  const parsed = parseImageUrl(photoUrl, hosts);
  if (!parsed.ok) throw new AppError('BAD_REQUEST', parsed.message);
  const user = await em.findOneOrFail(User, { telegramId: userId });
  const image = await em.findOne(Image, { id: parsed.id, owner: user.telegramId });
  if (!image) throw new AppError('BAD_REQUEST', MEDIA_MESSAGES.notOurs);
  if (image.kind !== 'avatar') throw new AppError('BAD_REQUEST', AVATAR_MESSAGES.notAvatar);
  await dropPreviousAvatar(em, storage, user, image.id);
  user.customPhotoUrl = imagePath(image.id, 'avatar');
  await em.flush();
  return user.customPhotoUrl;
}

/** Back to Telegram's photo. */
export async function removeCustomAvatar(em: EntityManager, storage: Storage, userId: number): Promise<void> {
  const user = await em.findOneOrFail(User, { telegramId: userId });
  await dropPreviousAvatar(em, storage, user, null);
  user.customPhotoUrl = null;
  await em.flush();
}
