import { z } from 'zod';

/** What a user may choose in the report dialog. */
export const USER_REPORT_REASONS = [
  'SPAM',
  'HARASSMENT',
  'INAPPROPRIATE_CONTENT',
  'FAKE_PROFILE',
  'UNDERAGE',
  'VIOLENCE',
  'COPYRIGHT_VIOLATION',
  'OTHER',
] as const;
/**
 * Every reason a report may carry: EXPLICIT_PHOTOS is filed only by screening (issue #27), after a user's third refused
 * chat photo in a day (UTC): reporter id SCREENING_REPORTER_ID, `automatic` in the moderators' view, no image attached.
 */
export const REPORT_REASONS = [...USER_REPORT_REASONS, 'EXPLICIT_PHOTOS'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export type UserReportReason = (typeof USER_REPORT_REASONS)[number];
/** reporterId of the reports screening files. */
export const SCREENING_REPORTER_ID = 0;

/** Labels shown in the report dialog and to moderators. */
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  SPAM: 'Флуд и спам',
  HARASSMENT: 'Оскорбления и травля',
  INAPPROPRIATE_CONTENT: 'Неприемлемый контент',
  FAKE_PROFILE: 'Фейковая анкета',
  UNDERAGE: 'Возраст не соответствует',
  VIOLENCE: 'Насилие или угрозы',
  COPYRIGHT_VIOLATION: 'Нарушение авторских прав',
  OTHER: 'Другое',
  EXPLICIT_PHOTOS: 'Откровенные фото',
};

export const REPORT_TYPES = ['PROFILE', 'MESSAGE'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];
export const REPORT_TYPE_LABELS: Record<ReportType, string> = { PROFILE: 'Профиль', MESSAGE: 'Сообщение' };

/** PENDING until a moderator rejects the report or blocks the reported user. */
export const REPORT_STATUSES = ['PENDING', 'REJECTED', 'BLOCKED', 'WARNED', 'MESSAGE_REMOVED'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** Reasons for which the report sheet ticks 'Также заблокировать' at first (issue 40 item 5). */
export const BLOCK_BY_DEFAULT_REASONS: readonly UserReportReason[] = ['HARASSMENT', 'UNDERAGE', 'VIOLENCE', 'INAPPROPRIATE_CONTENT'];

export const REPORT_MESSAGES = {
  reasonRequired: 'Выберите причину жалобы',
  descriptionTooLong: 'Описание: не более 500 символов',
  targetRequired: 'Не указан пользователь',
  sent: 'Жалоба отправлена',
  alreadyOpen: 'Вы уже отправили жалобу на этого пользователя, она рассматривается',
  failed: 'Ошибка отправки жалобы',
  self: 'Нельзя пожаловаться на себя',
  notFound: 'Профиль не найден.',
  messageNotFound: 'Сообщение не найдено',
  alsoBlockFlag: 'Также заблокировать: да или нет',
} as const;

/** Description limit of the report dialog (end-user.md §9). */
export const REPORT_DESCRIPTION_MAX = 500;

/** POST /api/profile/report (end-user.md §5 Report; messageId for a report on a chat message). */
export const reportRequestSchema = z.object({
  reportedUserId: z
    .union(
      [
        z
          .string()
          .trim()
          .regex(/^\d{1,15}$/, REPORT_MESSAGES.targetRequired),
        z.number().int().positive(),
      ],
      { error: REPORT_MESSAGES.targetRequired },
    )
    .transform(Number),
  reason: z.enum(USER_REPORT_REASONS, { error: REPORT_MESSAGES.reasonRequired }),
  description: z
    .string()
    .trim()
    .max(500, REPORT_MESSAGES.descriptionTooLong)
    .optional()
    .transform((v) => (v ? v : null)),
  messageId: z
    .union([z.string().regex(/^\d{1,18}$/), z.number().int().positive()])
    .optional()
    .transform((v) => (v === undefined ? null : Number(v))),
  /** The reporter blocks the reported user too, through the blacklist's own rules. */
  alsoBlock: z.boolean({ error: REPORT_MESSAGES.alsoBlockFlag }).optional().default(false),
});
export type ReportRequest = z.infer<typeof reportRequestSchema>;
/** What a client sends: the parsed ReportRequest carries nulls (description, messageId) that the schema refuses. */
export type ReportRequestBody = z.input<typeof reportRequestSchema>;

/** `blocked`: the reported user is on the reporter's blacklist now (alsoBlock). */
export const reportResponseSchema = z.object({ ok: z.literal(true), message: z.string(), blocked: z.boolean().default(false) });
