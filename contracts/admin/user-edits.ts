import { z } from 'zod';
import { reasonSchema } from '../moderation-reasons';
import { ORIENTATIONS, SEXES } from '../profile-fields';
import { roleSchema } from '../user';
import { ADMIN_MESSAGES } from './admin-messages';
import { telegramIdSchema } from './user-id';

// Account and profile edits

const nullableText = (max: number) =>
  z.preprocess(
    (v: string | null) => (typeof v === 'string' && v.trim() === '' ? null : v),
    z.string({ error: ADMIN_MESSAGES.badValue }).trim().max(max, ADMIN_MESSAGES.badValue).nullable(),
  );

/** Telegram's fields (username, first and last name): each launch refreshes them, so an edit is refused with why. */
const telegramOwned = z.never({ error: ADMIN_MESSAGES.telegramOwned });

/** PATCH /api/user/{id}/account: any of these; unknown fields are stripped. */
export const accountPatchSchema = z
  .object({
    username: telegramOwned,
    firstName: telegramOwned,
    lastName: telegramOwned,
    isBanned: z.boolean({ error: ADMIN_MESSAGES.badValue }),
    // The one reason rule of every ban (a blank reason is none: a new ban then refuses it with the same text).
    banReason: z.preprocess((v: string | null) => (typeof v === 'string' && v.trim() === '' ? null : v), reasonSchema.nullable()),
    customPhotoUrl: nullableText(512),
  })
  .partial();
export type AccountPatch = z.infer<typeof accountPatchSchema>;
/** What a client sends (the schema's input); the server works with the parsed AccountPatch. */
export type AccountPatchBody = z.input<typeof accountPatchSchema>;

const ADMIN_PROFILE_LIMITS = {
  displayName: { min: 2, max: 32 },
  city: { min: 1, max: 128 },
  bio: { min: 1, max: 1200 },
  heightCm: { min: 130, max: 220 },
} as const;

export const ADMIN_PROFILE_MESSAGES = {
  displayName: 'Имя: от 2 до 32 символов',
  city: 'Город: от 1 до 128 символов',
  bio: 'Описание: от 1 до 1200 символов',
  heightCm: 'Рост: от 130 до 220 см',
  photos: 'Укажите хотя бы одну ссылку на фото',
  birthDate: 'Дата в формате ГГГГ-ММ-ДД, возраст 13–19 лет',
  photosMax: 'Не больше 3 фото',
} as const;

/** A profile holds at most three photos (positions 0..2), whoever sets them. */
export const ADMIN_MAX_PHOTOS = 3;

const limitedText = (key: 'displayName' | 'city' | 'bio') =>
  z
    .string({ error: ADMIN_PROFILE_MESSAGES[key] })
    .trim()
    .min(ADMIN_PROFILE_LIMITS[key].min, ADMIN_PROFILE_MESSAGES[key])
    .max(ADMIN_PROFILE_LIMITS[key].max, ADMIN_PROFILE_MESSAGES[key]);
/** Numeric fields: an empty input becomes null (§5). */
const limitedNumber = (key: 'heightCm') =>
  z.preprocess(
    (v: number | string | null) => (v === '' || v === null ? null : typeof v === 'string' ? Number(v) : v),
    z
      .number({ error: ADMIN_PROFILE_MESSAGES[key] })
      .int(ADMIN_PROFILE_MESSAGES[key])
      .min(ADMIN_PROFILE_LIMITS[key].min, ADMIN_PROFILE_MESSAGES[key])
      .max(ADMIN_PROFILE_LIMITS[key].max, ADMIN_PROFILE_MESSAGES[key])
      .nullable(),
  );

/** PATCH /api/user/{id}/profile: the changed fields with the admin edit limits (§5). No body-size field (AMENDMENTS §1.1), no weight (§5.9). */
export const adminProfilePatchSchema = z
  .object({
    displayName: limitedText('displayName'),
    city: limitedText('city'),
    bio: limitedText('bio'),
    heightCm: limitedNumber('heightCm'),
    gender: z.enum(ORIENTATIONS, { error: ADMIN_MESSAGES.badValue }),
    sex: z.enum(SEXES, { error: ADMIN_MESSAGES.badValue }),
    /** Only moderators and admins may change a birth date (AMENDMENTS §1.4). */
    birthDate: z.string({ error: ADMIN_PROFILE_MESSAGES.birthDate }).regex(/^\d{4}-\d{2}-\d{2}$/, ADMIN_PROFILE_MESSAGES.birthDate),
    /** One URL per line in the editor; trimmed, empty lines dropped, at least one. */
    photos: z
      .array(z.string({ error: ADMIN_PROFILE_MESSAGES.photos }).trim().max(512, ADMIN_PROFILE_MESSAGES.photos), {
        error: ADMIN_PROFILE_MESSAGES.photos,
      })
      .transform((list) => list.filter(Boolean))
      .pipe(z.array(z.string()).min(1, ADMIN_PROFILE_MESSAGES.photos).max(10, ADMIN_PROFILE_MESSAGES.photos)),
  })
  .partial();
export type AdminProfilePatch = z.infer<typeof adminProfilePatchSchema>;
/** What a client sends (the schema's input); the server works with the parsed AdminProfilePatch. */
export type AdminProfilePatchBody = z.input<typeof adminProfilePatchSchema>;
/** PATCH /api/user/{id}/birth-date: the one profile field moderators may correct too. */
export const birthDatePatchSchema = z.object({ birthDate: adminProfilePatchSchema.shape.birthDate.unwrap() });

/** POST /api/admin/user/role */
export const roleChangeSchema = z.object({ targetTelegramId: telegramIdSchema, newRole: roleSchema });
/** POST /api/admin/user/delete */
export const adminDeleteSchema = z.object({ targetTelegramId: telegramIdSchema, reason: nullableText(500).optional() });

export const okSchema = z.object({ ok: z.literal(true) });
