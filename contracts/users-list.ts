import { z } from 'zod';
import { roleSchema } from './user';
import { paginationSchema } from './moderation';

const USERS_PAGE_SIZE = 20;
export const USERS_MESSAGES = { loadFailed: 'Не удалось загрузить пользователей' } as const;

/** GET /api/users: `q` matches a name, an @username or an id. */
export const usersQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(USERS_PAGE_SIZE),
  q: z
    .string()
    .trim()
    .max(64)
    .optional()
    .transform((v) => v || undefined),
});
export type UsersQuery = z.infer<typeof usersQuerySchema>;

const userListEntrySchema = z.object({
  telegramId: z.number().int(),
  username: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: roleSchema,
  createdAt: z.string(),
  avatarUrl: z.string().nullable(),
  isBanned: z.boolean(),
  banReason: z.string().nullable(),
  bannedAt: z.string().nullable(),
  profile: z.object({ displayName: z.string(), city: z.string(), initialModerationStatus: z.string() }).nullable(),
});
export type UserListEntry = z.infer<typeof userListEntrySchema>;

export const usersResponseSchema = z.object({ ok: z.literal(true), users: z.array(userListEntrySchema), pagination: paginationSchema });
export type UsersResponse = z.infer<typeof usersResponseSchema>;
