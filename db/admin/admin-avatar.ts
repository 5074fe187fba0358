import type { EntityManager } from '@mikro-orm/postgresql';
import { AVATAR_MESSAGES } from '../../contracts/avatar';
import { AppError } from '../../contracts/errors';
import { imagePath, MEDIA_MESSAGES, parseImageUrl } from '../../contracts/media';
import type { Logger } from '../../platform/logger';
import { Image } from '../media/image.entity';
import { deleteImage } from '../media/images.service';
import type { Storage } from '../media/storage';

/** The image id behind a custom avatar URL of ours, if it is one. */
function avatarImageId(url: string | null | undefined): string | null {
  const parsed = url ? parseImageUrl(url, []) : null;
  return parsed?.ok ? parsed.id : null;
}

/**
 * An avatar image an admin chose for a user: our own URL of an avatar uploaded by the admin (the panel's upload)
 * or by the user. It becomes the user's, so it goes with their account. Answers the URL to store.
 */
export async function adoptAvatar(
  tx: EntityManager,
  input: { url: string; targetId: number; actorId: number; hosts: readonly string[] },
): Promise<string> {
  const parsed = parseImageUrl(input.url, input.hosts);
  if (!parsed.ok) throw new AppError('BAD_REQUEST', parsed.message);
  const image = await tx.findOne(Image, { id: parsed.id, owner: { $in: [input.targetId, input.actorId] } });
  if (!image) throw new AppError('BAD_REQUEST', MEDIA_MESSAGES.notOurs);
  if (image.kind !== 'avatar') throw new AppError('BAD_REQUEST', AVATAR_MESSAGES.notAvatar);
  image.owner = input.targetId;
  return imagePath(image.id, 'avatar');
}

/** After the commit: the replaced avatar's files go, so a removed photo stops being served. */
export async function dropReplacedAvatar(
  em: EntityManager,
  deps: { storage: Storage; logger: Logger },
  userId: number,
  previousUrl: string | null,
  currentUrl: string | null,
): Promise<void> {
  const previous = avatarImageId(previousUrl);
  if (!previous || previous === avatarImageId(currentUrl)) return;
  const image = await em.findOne(Image, { id: previous, owner: userId, kind: 'avatar' });
  if (!image) return;
  await deleteImage(em, deps.storage, image.id).catch((err: unknown) =>
    deps.logger.error('replaced avatar remains', { id: previous, err }),
  );
}
