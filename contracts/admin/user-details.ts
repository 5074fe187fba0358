import { z } from 'zod';
import { reviewerSchema } from '../moderation';
import { roleSchema } from '../user';

// User detail (GET /api/user/{id}/details)

const adminPhotoSchema = z.object({ url: z.string(), position: z.number().int(), status: z.string() });

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
      photos: z.array(adminPhotoSchema),
      initialModerationStatus: z.string(),
      descriptionModerationStatus: z.string().nullable(),
      createdAt: z.string(),
      updatedAt: z.string(),
    })
    .nullable(),
  initialReview: z
    .object({
      itemId: z.number().int(),
      status: z.string(),
      reason: z.string().nullable(),
      resolvedAt: z.string().nullable(),
      reviewer: reviewerSchema,
    })
    .nullable(),
  /** The user's audit entries, newest first (the 'History' block). */
  history: z.array(
    z.object({
      id: z.number().int(),
      at: z.string(),
      action: z.string(),
      label: z.string(),
      actorId: z.number().int().nullable(),
      details: z.record(z.string(), z.unknown()),
    }),
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
