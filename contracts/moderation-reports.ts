import { z } from 'zod';
import { reasonSchema } from './moderation-reasons';
import { paginationQuery, paginationSchema, reviewerSchema } from './moderation';
import { profileCardSchema } from './profile-card';
import { REPORT_REASONS, REPORT_STATUSES, REPORT_TYPES, type ReportStatus } from './reports';

export const REPORT_MODERATION_MESSAGES = {
  noMessage: 'В жалобе нет сообщения, которое можно удалить',
  notFound: 'Жалоба не найдена',
  aboutSelf: 'Нельзя рассматривать жалобу на себя',
  aboutStaff: 'Жалобы на модераторов и администраторов рассматривают только администраторы',
  loadFailed: 'Не удалось загрузить жалобы',
  blockFailed: 'Не удалось заблокировать',
  profileFailed: 'Не удалось загрузить профиль пользователя',
} as const;

/** GET /api/moderation/reports. */
export const reportsQuerySchema = z.object({
  status: z.enum(REPORT_STATUSES).default('PENDING'),
  type: z.enum(REPORT_TYPES).optional(),
  /** One report whatever its status (the bot's 'Открыть в панели'). */
  reportId: z
    .union([
      z
        .string()
        .trim()
        .regex(/^\d{1,18}$/),
      z.number().int().positive(),
    ])
    .transform(Number)
    .optional(),
  ...paginationQuery,
});
export type ReportsQuery = z.infer<typeof reportsQuerySchema>;

const id = z
  .union(
    [
      z
        .string()
        .trim()
        .regex(/^\d{1,18}$/),
      z.number().int().positive(),
    ],
    { error: REPORT_MODERATION_MESSAGES.notFound },
  )
  .transform(Number);

/**
 * POST /api/moderation/report/action: REJECT; BLOCK (bans the reported user, with a reason by the one ban rule);
 * WARN (a neutral bot message to the reported user); REMOVE_MESSAGE (MESSAGE reports: the message is deleted for both).
 */
export const reportActionBodySchema = z.discriminatedUnion(
  'action',
  [
    z.object({
      reportId: id,
      action: z.literal('REJECT'),
      reason: z
        .string()
        .trim()
        .max(500)
        .nullish()
        .transform((v) => v || null),
    }),
    z.object({ reportId: id, action: z.literal('BLOCK'), reason: reasonSchema }),
    z.object({ reportId: id, action: z.literal('WARN') }),
    z.object({ reportId: id, action: z.literal('REMOVE_MESSAGE') }),
  ],
  { error: 'Неизвестное действие' },
);
export type ReportAction = z.output<typeof reportActionBodySchema>['action'];
/** The status each decision leaves a report in. */
export const REPORT_ACTION_STATUS = {
  REJECT: 'REJECTED',
  BLOCK: 'BLOCKED',
  WARN: 'WARNED',
  REMOVE_MESSAGE: 'MESSAGE_REMOVED',
} as const satisfies Record<ReportAction, ReportStatus>;
// What a client sends (the schema's input): a type built from its output let the mini app send what the server refused.
export type ReportActionBody = z.input<typeof reportActionBodySchema>;

const personSchema = z.object({ telegramId: z.number().int(), username: z.string().nullable(), firstName: z.string().nullable() });

/** A message of the reported conversation; `isReported` marks the one the report is about. */
const reportMessageSchema = z.object({
  id: z.number().int().nullable(),
  fromReported: z.boolean(),
  isReported: z.boolean(),
  type: z.string(),
  text: z.string().nullable(),
  photoUrl: z.string().nullable(),
  sentAt: z.string().nullable(),
});
export type ReportMessage = z.infer<typeof reportMessageSchema>;

const reportViewSchema = z.object({
  id: z.number().int(),
  reportType: z.enum(REPORT_TYPES),
  typeLabel: z.string(),
  reason: z.enum(REPORT_REASONS),
  reasonLabel: z.string(),
  description: z.string().nullable(),
  status: z.enum(REPORT_STATUSES),
  createdAt: z.string(),
  resolution: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  reviewer: reviewerSchema,
  reporter: personSchema,
  /** Filed by screening, not by a user (reason EXPLICIT_PHOTOS; `reporter` is telegramId 0 with no names). */
  automatic: z.boolean().default(false),
  reportedUser: personSchema.extend({ isBanned: z.boolean() }),
  /** The reported user's card; null when it cannot be loaded (the account or profile is gone). */
  profile: profileCardSchema.nullable(),
  /** MESSAGE reports: the reported message with a few around it, oldest first. */
  messages: z.array(reportMessageSchema),
});
export type ReportView = z.infer<typeof reportViewSchema>;

export const reportsResponseSchema = z.object({ ok: z.literal(true), reports: z.array(reportViewSchema), pagination: paginationSchema });
export type ReportsResponse = z.infer<typeof reportsResponseSchema>;
