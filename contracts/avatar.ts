import { z } from 'zod';

export const AVATAR_MESSAGES = {
  updated: 'Аватар обновлён',
  removed: 'Используется фото из Telegram',
  notAvatar: 'Загрузите фото как аватар (variant=avatar)',
} as const;

/**
 * GET /api/profile/avatar. `photoUrl` is the custom avatar (relative `/cdn/images/{id}/avatar`) when set, else the
 * main approved profile photo (`profilePhotoUrl`), else Telegram's photo of this launch; `needsUpdate` when none is.
 */
export const avatarInfoSchema = z.object({
  ok: z.literal(true),
  photoUrl: z.string().nullable(),
  isCustom: z.boolean(),
  needsUpdate: z.boolean(),
  telegramPhotoUrl: z.string().nullable(),
  profilePhotoUrl: z.string().nullable(),
});
export type AvatarInfo = z.infer<typeof avatarInfoSchema>;

/** POST /api/profile/avatar/update: an image uploaded by this user with variant avatar. */
export const avatarUpdateSchema = z.object({ photoUrl: z.string({ error: AVATAR_MESSAGES.notAvatar }).min(1, AVATAR_MESSAGES.notAvatar) });

export const avatarUpdateResponseSchema = z.object({ ok: z.literal(true), photoUrl: z.string(), message: z.string() });
export const avatarRemoveResponseSchema = z.object({ ok: z.literal(true), message: z.string() });
