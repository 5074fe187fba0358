import { MEDIA_MESSAGES } from '../../../../contracts/media';
import { isApiError } from '../../../lib/api/api-error';
import { compressImage, PROFILE_IMAGE } from '../../../lib/images/compress-image';
import { uploadProfilePhoto } from '../api/profile-photo-upload';
import { EDIT_TEXT } from './save-profile-edit';
import { errorDetail } from '../../../lib/api/error-text';

export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** Why a replacement failed, in the words of end-user.md §8 (title) and the server's (detail). */
export class PhotoError extends Error {
  constructor(
    readonly title: string,
    readonly detail?: string,
  ) {
    super(title);
  }
}

/** Compresses a picked photo (side 1080, quality 0.82) and uploads it as a profile image; answers its URL. */
export async function preparePhoto(file: File, slot: number): Promise<string> {
  if (file.type && !(PHOTO_TYPES as readonly string[]).includes(file.type)) throw new PhotoError(MEDIA_MESSAGES.unsupported);
  let image: Blob;
  try {
    image = await compressImage(file, PROFILE_IMAGE);
  } catch (err) {
    throw new PhotoError(EDIT_TEXT.photoProcessing, err instanceof Error ? err.message : undefined);
  }
  try {
    return (await uploadProfilePhoto(image, `photo-${slot + 1}.jpg`)).url;
  } catch (err) {
    if (isApiError(err) && err.status >= 400) throw new PhotoError(EDIT_TEXT.photoUploadFailed, errorDetail(err));
    throw new PhotoError(EDIT_TEXT.photoNetwork);
  }
}
