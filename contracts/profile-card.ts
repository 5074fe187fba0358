import { z } from 'zod';

/** The public card of another user (end-user.md §3 Profile card; AMENDMENTS: no size field, no Telegram names, no birth date; no weight: §5.9). */
export const profileCardSchema = z.object({
  userId: z.string().min(1),
  displayName: z.string().nullable(),
  age: z.number().int().min(1).max(120).nullable(),
  city: z.string().nullable(),
  photos: z.array(z.string().min(1)),
  bio: z.string().nullable(),
  heightCm: z.number().int().min(100).max(250).nullable().optional(),
  gender: z.string().nullable().optional(),
  lookingFor: z.array(z.string()).optional(),
});
export type ProfileCard = z.infer<typeof profileCardSchema>;
