import { z } from 'zod';
import { profileCardSchema } from './profile-card';

export const PROFILE_VIEW_MESSAGES = { notFound: 'Профиль не найден.' } as const;

const idSchema = z
  .union(
    [
      z
        .string()
        .trim()
        .regex(/^\d{1,18}$/),
      z.number().int().positive(),
    ],
    { error: PROFILE_VIEW_MESSAGES.notFound },
  )
  .transform(Number);

/** GET /api/profile/view?userId= */
export const profileViewQuerySchema = z.object({ userId: idSchema });
/** GET /api/profile/view-by-chat?chatId= (the caller must be a member of the chat). */
export const profileViewByChatQuerySchema = z.object({ chatId: idSchema });

/** Both answer the other user's public card; any refusal is 404 'Профиль не найден.'. */
export const profileViewResponseSchema = z.object({ ok: z.literal(true), profile: profileCardSchema });
export type ProfileViewResponse = z.infer<typeof profileViewResponseSchema>;
