import { z } from 'zod';
import { profileCardSchema } from './profile-card';

/** GET /api/explore/first: the card the explore channel's first 'next' would give; null when none is left. */
export const firstCardResponseSchema = z.object({ ok: z.literal(true), card: profileCardSchema.nullable() });
export type FirstCardResponse = z.infer<typeof firstCardResponseSchema>;
