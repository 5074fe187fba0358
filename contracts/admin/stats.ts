import { z } from 'zod';
import { ADMIN_MESSAGES, STATS_WINDOW_DAYS } from './admin-messages';

// Statistics

export const statsDaysQuerySchema = z.object({
  days: z.coerce
    .number({ error: ADMIN_MESSAGES.badValue })
    .int(ADMIN_MESSAGES.badValue)
    .min(1, ADMIN_MESSAGES.badValue)
    .max(365, ADMIN_MESSAGES.badValue)
    .default(STATS_WINDOW_DAYS),
});

export const statsOverviewSchema = z.object({
  ok: z.literal(true),
  totalUsers: z.number().int(),
  usersToday: z.number().int(),
  usersThisWeek: z.number().int(),
  pendingModeration: z.number().int(),
});
export type StatsOverview = z.infer<typeof statsOverviewSchema>;
/** Days are 'YYYY-MM-DD' (UTC), oldest first, every day of the window present (zero when nothing happened). */
export const registrationsSchema = z.object({
  ok: z.literal(true),
  registrations: z.array(z.object({ day: z.string(), count: z.number().int() })),
});
export type Registrations = z.infer<typeof registrationsSchema>;
export const activitySchema = z.object({
  ok: z.literal(true),
  activity: z.array(z.object({ day: z.string(), messages: z.number().int(), likes: z.number().int() })),
});
export type Activity = z.infer<typeof activitySchema>;
/**
 * GET /api/stats/screening?days=: what image screening did per day (issue #27), days as in registrations.
 * refused: uploads refused (profile photos, chat photos, sticker packs); flagged: profile photos stored marked for a
 * moderator's check; warned: chat photos and stickers delivered as `sensitive` (blurred with a warning);
 * ageFlagged: new profiles and new photos the face check flagged (issue 43: 'Проверьте возраст', 'Нет лица на главном фото').
 */
export const screeningStatsSchema = z.object({
  ok: z.literal(true),
  screening: z.array(
    z.object({
      day: z.string(),
      refused: z.number().int(),
      flagged: z.number().int(),
      warned: z.number().int(),
      ageFlagged: z.number().int().default(0),
    }),
  ),
});
export type ScreeningStats = z.infer<typeof screeningStatsSchema>;

const moderatorStatSchema = z.object({
  telegramId: z.number().int(),
  label: z.string(),
  decisions: z.number().int(),
  /** Median minutes from an item's creation to this moderator's decision. */
  medianMinutes: z.number(),
});
/** best/worst are null with 'Недостаточно данных' in `note` when there is too little (fewer than two moderators with decisions). */
export const moderatorStatsSchema = z.object({
  ok: z.literal(true),
  best: moderatorStatSchema.nullable(),
  worst: moderatorStatSchema.nullable(),
  note: z.string().nullable(),
});
export type ModeratorStats = z.infer<typeof moderatorStatsSchema>;
