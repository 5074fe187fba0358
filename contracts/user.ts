// Start-up's answers about the user, in zod/mini (issue 39): the mini app checks them before its first screen, where
// zod/mini's few kB stand in for zod classic's 25 (loaded later, by the screens). The server's classic schemas take
// these inside theirs (a zod/mini schema is a zod core schema).
import * as z from 'zod/mini';

const ROLES = ['USER', 'MODERATOR', 'ADMIN'] as const;
export const roleSchema = z.enum(ROLES);
export type RoleName = z.infer<typeof roleSchema>;

/** The launch user from initData (end-user.md §3). */
export const launchUserSchema = z.object({
  id: z.int().check(z.positive()),
  first_name: z.optional(z.string()),
  last_name: z.optional(z.string()),
  username: z.optional(z.string()),
  language_code: z.optional(z.string()),
  is_premium: z.optional(z.boolean()),
  photo_url: z.optional(z.string()),
  /** Telegram's word that the bot may write to the user (they allowed it, or started the bot). */
  allows_write_to_pm: z.optional(z.boolean()),
});
export type LaunchUser = z.infer<typeof launchUserSchema>;

const ownProfileSummarySchema = z.object({
  displayName: z.nullable(z.string()),
  city: z.nullable(z.string()),
  initialModerationStatus: z.nullable(z.string()),
  descriptionModerationStatus: z.nullable(z.string()),
});

/** The current user (GET /api/profile/me). */
export const currentUserSchema = z.object({
  telegramId: z.int(),
  username: z.nullable(z.string()),
  firstName: z.nullable(z.string()),
  lastName: z.nullable(z.string()),
  role: roleSchema,
  isBanned: z.boolean(),
  banReason: z.nullable(z.string()),
  bannedAt: z.nullable(z.string()),
  photoUrl: z.nullable(z.string()),
  customPhotoUrl: z.nullable(z.string()),
  createdAt: z.string(),
  isModerator: z.boolean(),
  isAdmin: z.boolean(),
  profile: z.nullable(ownProfileSummarySchema),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const validateResponseSchema = z.object({
  ok: z.literal(true),
  user: launchUserSchema,
  auth_date: z.int(),
});
export type ValidateResponse = z.infer<typeof validateResponseSchema>;
