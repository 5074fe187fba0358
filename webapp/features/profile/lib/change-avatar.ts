import type { AvatarInfo } from '../../../../contracts/avatar';
import { MEDIA_MESSAGES } from '../../../../contracts/media';
import { fetchAvatar, removeCustomAvatar, saveCustomAvatar, uploadAvatarImage } from '../api/avatar-api';
import { useSession } from '../../../lib/session/session-store';
import { errorDetail } from '../../../lib/api/error-text';

export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

export const AVATAR_TEXT = {
  uploaded: 'Используется загруженное фото',
  telegram: 'Используется фото из Telegram',
  profile: 'Используется фото анкеты',
  useTelegram: 'Использовать фото из Telegram',
  useProfile: 'Использовать фото анкеты',
  upload: 'Загрузить новое фото',
  uploadFailed: 'Не удалось загрузить изображение',
  saveFailed: 'Не удалось сохранить аватар',
  revertFailed: 'Не удалось вернуть аватар Telegram',
  fetchFailed: 'Не удалось получить аватар',
} as const;

/** A failure with the toast's title and, when the server said why, its words. */
export class AvatarError extends Error {
  constructor(
    readonly title: string,
    readonly detail?: string,
  ) {
    super(title);
  }
}

/** end-user.md §5 Avatar upload: JPEG/PNG/WebP up to 5 MB, checked before anything is sent. */
function checkAvatarFile(file: File): string | null {
  // Some Android pickers give no type: the server decides by the bytes then.
  if (file.type && !(AVATAR_TYPES as readonly string[]).includes(file.type)) return MEDIA_MESSAGES.unsupported;
  if (file.size > AVATAR_MAX_BYTES) return MEDIA_MESSAGES.avatarTooLarge;
  return null;
}

const serverWords = errorDetail;

const setCustomPhoto = (customPhotoUrl: string | null) =>
  useSession.setState((s) => ({ user: s.user ? { ...s.user, customPhotoUrl } : s.user }));

/** Uploads the file as the avatar and makes it the custom photo; the session shows it at once. */
export async function uploadAvatar(file: File): Promise<void> {
  const problem = checkAvatarFile(file);
  if (problem) throw new AvatarError(problem);
  const uploaded = await uploadAvatarImage(file).catch((err: unknown) => {
    throw new AvatarError(AVATAR_TEXT.uploadFailed, serverWords(err));
  });
  const saved = await saveCustomAvatar(uploaded.url).catch((err: unknown) => {
    throw new AvatarError(AVATAR_TEXT.saveFailed, serverWords(err));
  });
  setCustomPhoto(saved.photoUrl);
}

/** Drops the uploaded avatar: back to the main profile photo, or Telegram's. */
export async function removeUploadedAvatar(): Promise<void> {
  await removeCustomAvatar().catch((err: unknown) => {
    throw new AvatarError(AVATAR_TEXT.revertFailed, serverWords(err));
  });
  setCustomPhoto(null);
}

/** The shown avatar did not load: asks the server for the current one (it may have been replaced or moved). */
export async function refreshAvatar(): Promise<AvatarInfo> {
  const info = await fetchAvatar();
  setCustomPhoto(info.isCustom ? info.photoUrl : null);
  return info;
}
