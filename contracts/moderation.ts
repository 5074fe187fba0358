import { z } from 'zod';
import { MODERATION_STATUSES } from './profile';
import { SEXES } from './profile-fields';
import { reasonSchema, REASON_MESSAGE } from './moderation-reasons';
import { profileCardSchema } from './profile-card';
import { photoCheckSchema } from './screening';
import { ageCheckViewSchema } from './face-check';

export const MODERATION_TYPES = ['INITIAL', 'PROFILE_DESCRIPTION', 'PROFILE_EDIT', 'PHOTOS'] as const;
export type ModerationType = (typeof MODERATION_TYPES)[number];
export type Decision = Exclude<(typeof MODERATION_STATUSES)[number], 'PENDING'>;

/** Badges of the review list and the bot's posts. */
export const MODERATION_TYPE_LABELS: Record<ModerationType, string> = {
  INITIAL: 'Новый профиль',
  PROFILE_DESCRIPTION: 'Описание',
  PROFILE_EDIT: 'Изменения анкеты',
  PHOTOS: 'Новые фото',
};

export const DECISION_LABELS: Record<Decision, string> = { APPROVED: 'Одобрено', REJECTED: 'Отклонено', DISCREPANT: 'Несоответствие' };

/** The checklist of the partial reject (moderation-admin.md §3, without the size field: AMENDMENTS §1.1). */
export const DISCREPANT_FIELDS = ['displayName', 'age', 'city', 'bio', 'heightCm', 'gender', 'photos'] as const;
export type DiscrepantField = (typeof DISCREPANT_FIELDS)[number];
export const DISCREPANT_FIELD_LABELS: Record<DiscrepantField, string> = {
  displayName: 'Имя',
  age: 'Возраст',
  city: 'Город',
  bio: 'Описание',
  heightCm: 'Рост',
  gender: 'Ориентация',
  photos: 'Фото',
};

const MODERATION_PAGE_SIZE = 10;

export const MODERATION_MESSAGES = {
  reason: REASON_MESSAGE,
  itemNotFound: 'Заявка не найдена',
  noPartialForEdits: 'Для изменений доступны только одобрение и отклонение',
  banOnlyInitial: 'Заблокировать можно только при отклонении новой анкеты',
  ownItem: 'Нельзя модерировать собственную анкету',
  itemChanged: 'Заявка изменилась, откройте её заново',
  loadFailed: 'Не удалось загрузить анкеты на модерацию',
  updateFailed: 'Failed to update moderation status',
} as const;

/** '[Имя, Фото] reason': the chosen fields prefixed in brackets (moderation-admin.md §4). */
export function withFieldTags(reason: string, fields: readonly DiscrepantField[]): string {
  const tags = [...new Set(fields)].map((f) => DISCREPANT_FIELD_LABELS[f]);
  return tags.length ? `[${tags.join(', ')}] ${reason}` : reason;
}

const numericId = (error: string) =>
  z
    .union(
      [
        z
          .string()
          .trim()
          .regex(/^\d{1,18}$/),
        z.number().int().positive(),
      ],
      { error },
    )
    .transform(Number);
const id = numericId('Некорректный идентификатор');
const itemId = numericId(MODERATION_MESSAGES.itemNotFound);
// The version the moderator saw; a decision without it could approve content nobody looked at.
const version = z
  .number({ error: MODERATION_MESSAGES.itemChanged })
  .int(MODERATION_MESSAGES.itemChanged)
  .min(1, MODERATION_MESSAGES.itemChanged)
  .max(2_147_483_647, MODERATION_MESSAGES.itemChanged);
const typeList = z
  .string()
  .transform((s) =>
    s
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.enum(MODERATION_TYPES)).min(1));

export const paginationQuery = {
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(MODERATION_PAGE_SIZE),
  /** Keyset: only entries with a larger id (stable while decided entries leave the list). */
  afterId: id.optional(),
};

/** GET /api/moderation/items: `type` may list several types separated by commas. */
export const moderationItemsQuerySchema = z.object({
  status: z.enum(MODERATION_STATUSES).default('PENDING'),
  type: typeList.optional(),
  userId: id.optional(),
  itemId: id.optional(),
  ...paginationQuery,
});
export type ModerationItemsQuery = z.infer<typeof moderationItemsQuerySchema>;

/** POST /api/moderation/item/status. */
export const itemStatusBodySchema = z.discriminatedUnion(
  'status',
  [
    z.object({ itemId, version, status: z.literal('APPROVED') }),
    z.object({ itemId, version, status: z.literal('REJECTED'), reason: reasonSchema, banUser: z.boolean().default(false) }),
    z.object({
      itemId,
      version,
      status: z.literal('DISCREPANT'),
      reason: reasonSchema,
      fields: z.array(z.enum(DISCREPANT_FIELDS)).max(DISCREPANT_FIELDS.length).default([]),
    }),
  ],
  { error: 'Неизвестное решение' },
);
// What a client sends (the schema's input: banUser and fields may be left out, ids may be strings).
export type ItemStatusBody = z.input<typeof itemStatusBodySchema>;

export const paginationSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  pages: z.number().int(),
});
export type Pagination = z.infer<typeof paginationSchema>;

export const reviewerSchema = z.object({ telegramId: z.number().int(), label: z.string() }).nullable();

/** A field of an edit: whether it changed, the new value and the one it replaces. */
const fieldChangeSchema = z.object({ changed: z.boolean(), value: z.unknown(), previous: z.unknown() });

const moderationItemSchema = z.object({
  id: z.number().int(),
  /** Sent back with the decision: the server refuses it when the item changed since. */
  version: z.number().int(),
  type: z.enum(MODERATION_TYPES),
  status: z.enum(MODERATION_STATUSES),
  userId: z.number().int(),
  createdAt: z.string(),
  reason: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  reviewer: reviewerSchema,
  user: z.object({ telegramId: z.number().int(), firstName: z.string().nullable(), username: z.string().nullable() }),
  payload: z.object({
    photos: z.array(z.string()),
    /**
     * Screening of each photo, parallel to `photos` (issue #27); null for a photo screened before screening existed (or
     * with SCREENING=off). A flagged one shows its scores and SCREENING_MESSAGES.checkPhoto ('Проверьте фото').
     */
    photoChecks: z.array(photoCheckSchema.nullable()).default([]),
    /** Some photo is flagged: the moderator must look at it (the bot's inline approve refuses such an item). */
    needsPhotoCheck: z.boolean().default(false),
    /** The face check of a new profile's or new photos' pictures (issue 43): lines per photo, stated age, flags. */
    ageCheck: ageCheckViewSchema.nullable().optional(),
    /** The card as it will look once approved (null when the profile is gone). */
    profile: profileCardSchema.nullable(),
    changes: z.record(z.string(), fieldChangeSchema),
    lookingFor: z.array(z.string()),
    isNewProfile: z.boolean(),
    /** The sex as chosen (a new profile's submission, else the profile's); null when none was stored (AMENDMENTS §5.2). */
    sex: z.enum(SEXES).nullable().default(null),
  }),
  meta: z.object({ isNewProfile: z.boolean(), typeLabel: z.string(), userLabel: z.string() }),
});
export type ModerationItemView = z.infer<typeof moderationItemSchema>;

export const moderationItemsResponseSchema = z.object({
  ok: z.literal(true),
  items: z.array(moderationItemSchema),
  pagination: paginationSchema,
});
export type ModerationItemsResponse = z.infer<typeof moderationItemsResponseSchema>;

/** GET /api/moderation/counts: what waits, for the hub's cards and the bot's /queue. */
export const moderationCountsSchema = z.object({
  ok: z.literal(true),
  counts: z.object({
    INITIAL: z.number().int(),
    PROFILE_DESCRIPTION: z.number().int(),
    PROFILE_EDIT: z.number().int(),
    PHOTOS: z.number().int(),
    reports: z.number().int(),
  }),
});
export type ModerationCounts = z.infer<typeof moderationCountsSchema>['counts'];

/** Answer of a decision (item or report). */
export const decisionResponseSchema = z.object({ ok: z.literal(true), status: z.string() });
