import { avatarInfoSchema, avatarRemoveResponseSchema, avatarUpdateResponseSchema, type AvatarInfo } from '../../../../contracts/avatar';
import { uploadResponseSchema } from '../../../../contracts/media';
import { apiGet, apiPost, apiUpload } from '../../../lib/api/api-client';

export function fetchAvatar(): Promise<AvatarInfo> {
  return apiGet('/profile/avatar', { schema: avatarInfoSchema });
}

/** Back to the Telegram photo. */
export function removeCustomAvatar() {
  return apiPost('/profile/avatar/remove', {}, { schema: avatarRemoveResponseSchema });
}

/** Uploads the picked file as an avatar image. */
export function uploadAvatarImage(file: File) {
  return apiUpload('/cdn/images/upload', file, { fields: { variant: 'avatar' }, schema: uploadResponseSchema });
}

/** Makes an uploaded avatar image the custom photo. */
export function saveCustomAvatar(photoUrl: string) {
  return apiPost('/profile/avatar/update', { photoUrl }, { schema: avatarUpdateResponseSchema });
}
