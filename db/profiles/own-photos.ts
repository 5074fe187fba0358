import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../contracts/errors';
import { MEDIA_MESSAGES, parseImageUrl } from '../../contracts/media';
import { SCREENING_ERRORS, SCREENING_MESSAGES } from '../../contracts/screening';
import { Image } from '../media/image.entity';

const DUPLICATE = 'Фото не должны повторяться';

/**
 * Turns submitted photo URLs into image ids, accepting only our own image URLs (`hosts` are the
 * accepted hosts, first one named in the message) of images this user uploaded.
 */
export async function resolveOwnImageIds(
  em: EntityManager,
  userId: number,
  urls: readonly string[],
  hosts: readonly string[],
): Promise<string[]> {
  const ids = urls.map((url) => {
    const parsed = parseImageUrl(url, hosts);
    if (!parsed.ok) throw new AppError('BAD_REQUEST', parsed.message);
    return parsed.id;
  });
  if (new Set(ids).size !== ids.length) throw new AppError('BAD_REQUEST', DUPLICATE);
  const owned = await em.find(Image, { id: { $in: ids }, owner: userId }, { fields: ['id', 'screeningVerdict'] });
  if (owned.length !== ids.length) throw new AppError('BAD_REQUEST', MEDIA_MESSAGES.notOurs);
  // A chat photo between adults may be stored explicit; it never becomes a profile photo (issue #27).
  if (owned.some((image) => image.screeningVerdict === 'explicit'))
    throw new AppError(SCREENING_ERRORS.photoRefused, SCREENING_MESSAGES.profilePhotoRefused);
  return ids;
}
