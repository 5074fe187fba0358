import { z } from 'zod';
import { paginationSchema, reviewerSchema } from './moderation';
import { MODERATION_STATUSES } from './profile';
import { ORIENTATIONS, SEXES } from './profile-fields';
import { roleSchema } from './user';
import { reasonSchema } from './moderation-reasons';

/**
 * The administration area (moderation-admin.md §2 Admin statistics, User detail, Database browser; §7; §8).
 * Moderators may read user details; everything else here is for admins only (§6, AMENDMENTS §2.2).
 */

export const ADMIN_DB_PAGE_SIZE = 25;
export const STATS_WINDOW_DAYS = 30;

/** §8, verbatim. */
export const ADMIN_MESSAGES = {
  forbidden: 'Доступ запрещён',
  userLoadFailed: 'Не удалось загрузить данные пользователя',
  accountSaveFailed: 'Не удалось сохранить аккаунт',
  profileSaveFailed: 'Не удалось сохранить анкету',
  banFailed: 'Не удалось изменить статус блокировки',
  roleFailed: 'Не удалось изменить роль',
  deleteFailed: 'Не удалось удалить аккаунт',
  avatarFailed: 'Не удалось загрузить аватар',
  tablesFailed: 'Не удалось получить список таблиц',
  requestFailed: 'Ошибка запроса',
  saveFailed: 'Ошибка сохранения',
  noPrimaryKey: 'Нельзя обновить запись: нет первичного ключа',
  noMoreData: 'Больше данных нет',
  notEnoughData: 'Недостаточно данных',
  submitFailed: 'Ошибка отправки',
  unknownError: 'Неизвестная ошибка',
  // Texts the spec leaves unworded.
  lastAdmin: 'Нельзя снять роль или удалить последнего администратора',
  userNotFound: 'Пользователь не найден',
  profileNotFound: 'У пользователя нет анкеты',
  unknownModel: 'Таблица недоступна',
  unknownColumn: 'Поле недоступно для изменения',
  readOnlyColumn: 'Поле только для чтения',
  decisionColumn: 'Решения модерации меняются только в разделе «Модерация»: там их видит пользователь и применяет анкета',
  badValue: 'Некорректное значение поля',
  rowNotFound: 'Запись не найдена',
  selfBan: 'Нельзя заблокировать себя',
  lastAdminBan: 'Нельзя заблокировать последнего администратора',
  staffBanByAdmin: 'Заблокировать сотрудника может только администратор',
} as const;

const telegramIdSchema = z.coerce.number({ error: ADMIN_MESSAGES.userNotFound }).int(ADMIN_MESSAGES.userNotFound).positive(ADMIN_MESSAGES.userNotFound).max(Number.MAX_SAFE_INTEGER, ADMIN_MESSAGES.userNotFound);
/** The `{id}` of /api/user/{id}/… */
export const userIdParamSchema = z.object({ id: telegramIdSchema });

// ---------- User detail (GET /api/user/{id}/details) ----------

export const adminPhotoSchema = z.object({ url: z.string(), position: z.number().int(), status: z.string() });

export const userDetailsSchema = z.object({
  ok: z.literal(true),
  user: z.object({
    telegramId: z.number().int(),
    isBanned: z.boolean(),
    banReason: z.string().nullable(),
    bannedAt: z.string().nullable(),
    isModerator: z.boolean(),
    isAdmin: z.boolean(),
    username: z.string().nullable(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    role: roleSchema,
    customPhotoUrl: z.string().nullable(),
    photoUrl: z.string().nullable(),
    createdAt: z.string(),
  }),
  profile: z
    .object({
      displayName: z.string(),
      birthDate: z.string(),
      age: z.number().int(),
      city: z.string(),
      bio: z.string().nullable(),
      gender: z.string(),
      sex: z.string().nullable(),
      lookingFor: z.array(z.string()),
      heightCm: z.number().int().nullable(),
      weightKg: z.number().int().nullable(),
      photos: z.array(adminPhotoSchema),
      initialModerationStatus: z.string(),
      descriptionModerationStatus: z.string().nullable(),
      createdAt: z.string(),
      updatedAt: z.string(),
    })
    .nullable(),
  initialReview: z
    .object({ itemId: z.number().int(), status: z.string(), reason: z.string().nullable(), resolvedAt: z.string().nullable(), reviewer: reviewerSchema })
    .nullable(),
  /** The user's audit entries, newest first (the 'History' block). */
  history: z.array(
    z.object({ id: z.number().int(), at: z.string(), action: z.string(), label: z.string(), actorId: z.number().int().nullable(), details: z.record(z.string(), z.unknown()) }),
  ),
  /** Whether the caller may edit (admins only). */
  canEdit: z.boolean(),
  /** Whether the caller may correct the birth date (moderators and admins, AMENDMENTS §1.4). */
  canEditBirthDate: z.boolean(),
});
export type UserDetails = z.infer<typeof userDetailsSchema>;

/** Human labels of audit actions, for the user detail's history. */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  'user.ban': 'Заблокирован',
  'user.unban': 'Разблокирован',
  'user.role': 'Изменена роль',
  'user.delete': 'Аккаунт удалён',
  'user.account': 'Изменён аккаунт',
  'user.profile': 'Изменена анкета',
  'db.update': 'Изменена запись в базе',
  'moderation.decision': 'Решение модерации',
  'report.decision': 'Решение по жалобе',
  'account.deleted': 'Аккаунт удалён пользователем',
  'report.block': 'Заблокирован по жалобе',
  'report.reject': 'Жалоба отклонена',
  'report.warn': 'Предупреждён по жалобе',
  'report.remove_message': 'Сообщение удалено по жалобе',
};

/** The label of any audit action: exact, else by family (moderation.approved, moderation.initial.rejected…), else the action itself. */
export function auditActionLabel(action: string): string {
  const exact = AUDIT_ACTION_LABELS[action];
  if (exact) return exact;
  if (action.startsWith('moderation.')) return AUDIT_ACTION_LABELS['moderation.decision']!;
  if (action.startsWith('report.')) return AUDIT_ACTION_LABELS['report.decision']!;
  return action;
}

// ---------- Account and profile edits ----------

const nullableText = (max: number) =>
  z.preprocess((v: string | null) => (typeof v === 'string' && v.trim() === '' ? null : v), z.string({ error: ADMIN_MESSAGES.badValue }).trim().max(max, ADMIN_MESSAGES.badValue).nullable());

/** PATCH /api/user/{id}/account: any of these; unknown fields are stripped. */
export const accountPatchSchema = z
  .object({
    username: nullableText(32),
    firstName: nullableText(64),
    lastName: nullableText(64),
    isBanned: z.boolean({ error: ADMIN_MESSAGES.badValue }),
    // The one reason rule of every ban (a blank reason is none: a new ban then refuses it with the same text).
    banReason: z.preprocess((v: string | null) => (typeof v === 'string' && v.trim() === '' ? null : v), reasonSchema.nullable()),
    customPhotoUrl: nullableText(512),
  })
  .partial();
export type AccountPatch = z.infer<typeof accountPatchSchema>;
/** What a client sends (the schema's input); the server works with the parsed AccountPatch. */
export type AccountPatchBody = z.input<typeof accountPatchSchema>;

export const ADMIN_PROFILE_LIMITS = {
  displayName: { min: 2, max: 32 },
  city: { min: 1, max: 128 },
  bio: { min: 1, max: 1200 },
  heightCm: { min: 130, max: 220 },
  weightKg: { min: 30, max: 150 },
} as const;

export const ADMIN_PROFILE_MESSAGES = {
  displayName: 'Имя: от 2 до 32 символов',
  city: 'Город: от 1 до 128 символов',
  bio: 'Описание: от 1 до 1200 символов',
  heightCm: 'Рост: от 130 до 220 см',
  weightKg: 'Вес: от 30 до 150 кг',
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
const limitedNumber = (key: 'heightCm' | 'weightKg') =>
  z.preprocess(
    (v: number | string | null) => (v === '' || v === null ? null : typeof v === 'string' ? Number(v) : v),
    z.number({ error: ADMIN_PROFILE_MESSAGES[key] }).int(ADMIN_PROFILE_MESSAGES[key]).min(ADMIN_PROFILE_LIMITS[key].min, ADMIN_PROFILE_MESSAGES[key]).max(ADMIN_PROFILE_LIMITS[key].max, ADMIN_PROFILE_MESSAGES[key]).nullable(),
  );

/** PATCH /api/user/{id}/profile: the changed fields with the admin edit limits (§5). No body-size field (AMENDMENTS §1.1). */
export const adminProfilePatchSchema = z
  .object({
    displayName: limitedText('displayName'),
    city: limitedText('city'),
    bio: limitedText('bio'),
    heightCm: limitedNumber('heightCm'),
    weightKg: limitedNumber('weightKg'),
    gender: z.enum(ORIENTATIONS, { error: ADMIN_MESSAGES.badValue }),
    sex: z.enum(SEXES, { error: ADMIN_MESSAGES.badValue }),
    /** Only moderators and admins may change a birth date (AMENDMENTS §1.4). */
    birthDate: z.string({ error: ADMIN_PROFILE_MESSAGES.birthDate }).regex(/^\d{4}-\d{2}-\d{2}$/, ADMIN_PROFILE_MESSAGES.birthDate),
    /** One URL per line in the editor; trimmed, empty lines dropped, at least one. */
    photos: z
      .array(z.string({ error: ADMIN_PROFILE_MESSAGES.photos }).trim().max(512, ADMIN_PROFILE_MESSAGES.photos), { error: ADMIN_PROFILE_MESSAGES.photos })
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

// ---------- Statistics ----------

export const statsDaysQuerySchema = z.object({ days: z.coerce.number({ error: ADMIN_MESSAGES.badValue }).int(ADMIN_MESSAGES.badValue).min(1, ADMIN_MESSAGES.badValue).max(365, ADMIN_MESSAGES.badValue).default(STATS_WINDOW_DAYS) });

export const statsOverviewSchema = z.object({ ok: z.literal(true), totalUsers: z.number().int(), usersToday: z.number().int(), usersThisWeek: z.number().int(), pendingModeration: z.number().int() });
export type StatsOverview = z.infer<typeof statsOverviewSchema>;
/** Days are 'YYYY-MM-DD' (UTC), oldest first, every day of the window present (zero when nothing happened). */
export const registrationsSchema = z.object({ ok: z.literal(true), registrations: z.array(z.object({ day: z.string(), count: z.number().int() })) });
export type Registrations = z.infer<typeof registrationsSchema>;
export const activitySchema = z.object({ ok: z.literal(true), activity: z.array(z.object({ day: z.string(), messages: z.number().int(), likes: z.number().int() })) });
export type Activity = z.infer<typeof activitySchema>;

export const moderatorStatSchema = z.object({
  telegramId: z.number().int(),
  label: z.string(),
  decisions: z.number().int(),
  /** Median minutes from an item's creation to this moderator's decision. */
  medianMinutes: z.number(),
});
/** best/worst are null with 'Недостаточно данных' in `note` when there is too little (fewer than two moderators with decisions). */
export const moderatorStatsSchema = z.object({ ok: z.literal(true), best: moderatorStatSchema.nullable(), worst: moderatorStatSchema.nullable(), note: z.string().nullable() });
export type ModeratorStats = z.infer<typeof moderatorStatsSchema>;

// ---------- Database browser ----------

export const COLUMN_TYPES = ['string', 'text', 'number', 'boolean', 'datetime', 'date', 'json', 'enum'] as const;
export type ColumnType = (typeof COLUMN_TYPES)[number];

export const dbColumnSchema = z.object({
  name: z.string(),
  type: z.enum(COLUMN_TYPES),
  nullable: z.boolean(),
  primary: z.boolean(),
  /** Whether the browser lets an admin change it (allowlisted and not a primary key). */
  editable: z.boolean(),
  enumValues: z.array(z.string()).optional(),
  /** Why a column that looks editable is read-only (moderation decisions: use the moderation screens). */
  readOnlyHint: z.string().optional(),
});
export type DbColumn = z.infer<typeof dbColumnSchema>;

export const dbOverviewSchema = z.object({ ok: z.literal(true), overview: z.array(z.object({ model: z.string(), count: z.number().int() })) });
export type DbOverview = z.infer<typeof dbOverviewSchema>;

export const dbBrowseBodySchema = z.object({
  model: z.string({ error: ADMIN_MESSAGES.unknownModel }).max(64, ADMIN_MESSAGES.unknownModel),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(ADMIN_DB_PAGE_SIZE),
});
export const dbBrowseSchema = z.object({
  ok: z.literal(true),
  data: z.array(z.record(z.string(), z.unknown())),
  schema: z.object({ entity: z.string(), columns: z.array(dbColumnSchema) }),
  pagination: paginationSchema,
});
export type DbBrowse = z.infer<typeof dbBrowseSchema>;

/** `where` holds the primary key columns; `data` the changed cells (coerced by column type on the server). */
export const dbUpdateBodySchema = z.object({
  model: z.string({ error: ADMIN_MESSAGES.unknownModel }).max(64, ADMIN_MESSAGES.unknownModel),
  where: z.record(z.string(), z.unknown(), { error: ADMIN_MESSAGES.noPrimaryKey }),
  data: z.record(z.string(), z.unknown(), { error: ADMIN_MESSAGES.badValue }),
});
export const dbUpdateResponseSchema = z.object({ ok: z.literal(true), row: z.record(z.string(), z.unknown()) });

export { MODERATION_STATUSES };
