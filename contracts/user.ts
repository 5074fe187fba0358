import { z } from 'zod';

export const roleSchema = z.enum(['USER', 'MODERATOR', 'ADMIN']);
export type RoleName = z.infer<typeof roleSchema>;

/** The launch user from initData (end-user.md §3). */
export const launchUserSchema = z.object({
  id: z.number().int().positive(),
  first_name: z.string().optional(),
  last_name: z.string().optional(),
  username: z.string().optional(),
  language_code: z.string().optional(),
  is_premium: z.boolean().optional(),
  photo_url: z.string().optional(),
  /** Telegram's word that the bot may write to the user (they allowed it, or started the bot). */
  allows_write_to_pm: z.boolean().optional(),
});
export type LaunchUser = z.infer<typeof launchUserSchema>;

const ownProfileSummarySchema = z.object({
  displayName: z.string().nullable(),
  city: z.string().nullable(),
  initialModerationStatus: z.string().nullable(),
  descriptionModerationStatus: z.string().nullable(),
});

/** The current user (GET /api/profile/me). */
export const currentUserSchema = z.object({
  telegramId: z.number().int(),
  username: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: roleSchema,
  isBanned: z.boolean(),
  banReason: z.string().nullable(),
  bannedAt: z.string().nullable(),
  photoUrl: z.string().nullable(),
  customPhotoUrl: z.string().nullable(),
  createdAt: z.string(),
  isModerator: z.boolean(),
  isAdmin: z.boolean(),
  profile: ownProfileSummarySchema.nullable(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const validateResponseSchema = z.object({
  ok: z.literal(true),
  user: launchUserSchema,
  auth_date: z.number().int(),
});
export type ValidateResponse = z.infer<typeof validateResponseSchema>;
