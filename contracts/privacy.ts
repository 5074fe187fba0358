import { z } from 'zod';

/** Auto-delete periods of a user's messages (end-user.md §3 Privacy settings; default HALF_YEAR). */
export const AUTO_DELETE_PERIODS = ['DAY', 'WEEK', 'MONTH', 'HALF_YEAR'] as const;
export type AutoDeletePeriod = (typeof AUTO_DELETE_PERIODS)[number];
export const DEFAULT_AUTO_DELETE_PERIOD: AutoDeletePeriod = 'HALF_YEAR';

/** Days a message lives under each period; a chat uses the shorter of its two members' periods. */
export const AUTO_DELETE_DAYS: Record<AutoDeletePeriod, number> = { DAY: 1, WEEK: 7, MONTH: 30, HALF_YEAR: 182 };

export const PRIVACY_MESSAGES = {
  saved: 'Настройки сохранены',
  blocked: 'Пользователь заблокирован',
  unblocked: 'Пользователь разблокирован',
  blockSelf: 'Нельзя заблокировать самого себя',
  badUser: 'Не указан пользователь',
  badAction: 'Действие: addToBlacklist или removeFromBlacklist',
  badPeriod: 'Срок автоудаления: DAY, WEEK, MONTH или HALF_YEAR',
  nothingToSave: 'Нет настроек для сохранения',
  confirmDeletion: 'Подтвердите удаление аккаунта',
  accountDeleted: 'Аккаунт удалён',
  lastAdmin: 'Нельзя удалить последнего администратора',
} as const;

const privacySettingsSchema = z.object({
  allowDataForTraining: z.boolean(),
  autoDeleteMessages: z.enum(AUTO_DELETE_PERIODS),
});
export type PrivacySettings = z.infer<typeof privacySettingsSchema>;
export const DEFAULT_PRIVACY_SETTINGS: PrivacySettings = { allowDataForTraining: false, autoDeleteMessages: DEFAULT_AUTO_DELETE_PERIOD };

/**
 * A blacklist entry. Telegram names are never shown to other users (AMENDMENTS §2.6, §4.3): `firstName` carries the
 * profile's display name (null when the age and visibility rules hide the person), `lastName` and `username` are always null.
 */
const blacklistEntrySchema = z.object({
  id: z.string(),
  username: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  displayName: z.string().nullable(),
  photoUrl: z.string().nullable(),
  blockedAt: z.string(),
});
export type BlacklistEntry = z.infer<typeof blacklistEntrySchema>;

/** An archived chat as the privacy screen counts it. */
const archiveEntrySchema = z.object({ chatId: z.string(), title: z.string() });

/** The latest likes (given and received) for the privacy screen's likes-history row. */
const likesHistoryEntrySchema = z.object({
  userId: z.string(),
  displayName: z.string().nullable(),
  photoUrl: z.string().nullable(),
  likedAt: z.string(),
  isMyLike: z.boolean(),
  isMatched: z.boolean(),
});

/** GET /api/privacy/settings. `counts` are the full totals; the lists may be capped. */
export const privacyOverviewSchema = z.object({
  ok: z.literal(true),
  settings: privacySettingsSchema,
  blacklist: z.array(blacklistEntrySchema),
  archive: z.array(archiveEntrySchema),
  likesHistory: z.array(likesHistoryEntrySchema),
  counts: z.object({ blacklist: z.number().int(), archive: z.number().int(), likesHistory: z.number().int() }),
});
export type PrivacyOverview = z.infer<typeof privacyOverviewSchema>;

const userIdSchema = z
  .union(
    [
      z
        .string()
        .trim()
        .regex(/^\d{1,15}$/, PRIVACY_MESSAGES.badUser),
      z.number({ error: PRIVACY_MESSAGES.badUser }).int().positive(PRIVACY_MESSAGES.badUser),
    ],
    { error: PRIVACY_MESSAGES.badUser },
  )
  .transform(Number);

const BLACKLIST_ACTIONS = ['addToBlacklist', 'removeFromBlacklist'] as const;
/** POST /api/privacy/settings with `action`: block (AMENDMENTS §3 Blocking) or unblock a user. */
export const blacklistActionSchema = z.object({
  action: z.enum(BLACKLIST_ACTIONS, { error: PRIVACY_MESSAGES.badAction }),
  userId: userIdSchema,
});

/** POST /api/privacy/settings without `action`: either or both settings. */
export const settingsPatchSchema = z
  .object({
    autoDeleteMessages: z.enum(AUTO_DELETE_PERIODS, { error: PRIVACY_MESSAGES.badPeriod }).optional(),
    allowDataForTraining: z.boolean({ error: PRIVACY_MESSAGES.nothingToSave }).optional(),
  })
  .refine((v) => v.autoDeleteMessages !== undefined || v.allowDataForTraining !== undefined, PRIVACY_MESSAGES.nothingToSave);
export type PrivacySettingsPatch = z.input<typeof settingsPatchSchema>;

export const privacySaveResponseSchema = z.object({ ok: z.literal(true), message: z.string(), settings: privacySettingsSchema.optional() });

/** POST /api/privacy/delete-account. */
export const deleteAccountSchema = z.object({ confirm: z.literal(true, { error: PRIVACY_MESSAGES.confirmDeletion }) });
