import { z } from 'zod';
import { orientationSchema, ORIENTATIONS, SEXES, sexSchema } from './profile-fields';

/**
 * POST /api/profile/sex: the sex of a profile made before it was required (AMENDMENTS §5.2), asked once at launch.
 * `gender` replaces the stored orientation when that one does not fit the sex (the orientation rule, AMENDMENTS §4.1).
 */
export const setSexSchema = z.object({ sex: sexSchema, gender: orientationSchema.optional() }, { error: 'Укажите пол' });
export type SetSexBody = z.input<typeof setSexSchema>;

export const setSexResponseSchema = z.object({ ok: z.literal(true), sex: z.enum(SEXES), gender: z.enum(ORIENTATIONS).nullable() });
export type SetSexResponse = z.infer<typeof setSexResponseSchema>;

export const SEX_MESSAGES = {
  alreadySet: 'Пол уже указан',
} as const;
