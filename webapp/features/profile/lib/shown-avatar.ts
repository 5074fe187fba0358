import type { AvatarInfo } from '../../../../contracts/avatar';
import { AVATAR_TEXT } from './change-avatar';

export type AvatarKind = 'custom' | 'profile' | 'telegram';
/** What the avatar falls back to without an upload. */
export type FallbackKind = Exclude<AvatarKind, 'custom'>;
export interface ShownAvatar<K extends AvatarKind = AvatarKind> {
  kind: K;
  url: string;
}

/** What the profile tab falls back to without an uploaded avatar: the main approved photo, else Telegram's, if any. */
export function fallbackAvatar(info: Pick<AvatarInfo, 'profilePhotoUrl' | 'telegramPhotoUrl'> | null): ShownAvatar<FallbackKind> | null {
  if (info?.profilePhotoUrl) return { kind: 'profile', url: info.profilePhotoUrl };
  if (info?.telegramPhotoUrl) return { kind: 'telegram', url: info.telegramPhotoUrl };
  return null;
}

/** The profile tab's avatar (issue 40 item 7): the photo the user uploaded, else the fallback above; null: none at all. */
export const shownAvatar = (customPhotoUrl: string | null, info: Parameters<typeof fallbackAvatar>[0]): ShownAvatar | null =>
  customPhotoUrl ? { kind: 'custom', url: customPhotoUrl } : fallbackAvatar(info);

/** The status line under the name, by the picture shown. */
export const AVATAR_STATUS: Record<AvatarKind, string> = {
  custom: AVATAR_TEXT.uploaded,
  profile: AVATAR_TEXT.profile,
  telegram: AVATAR_TEXT.telegram,
};

/** The dropdown's way back from an uploaded avatar, by what it falls back to. */
export const REVERT_LABEL: Record<FallbackKind, string> = {
  profile: AVATAR_TEXT.useProfile,
  telegram: AVATAR_TEXT.useTelegram,
};
