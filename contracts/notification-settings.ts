import { z } from 'zod';

/** Bot notifications a user can switch off on /notifications (AMENDMENTS §3); every one is on by default. */
export const NOTIFICATION_KINDS = ['likes', 'matches', 'messages', 'moderation'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_LABELS: Record<NotificationKind, { title: string; hint: string }> = {
  likes: { title: 'Новые лайки', hint: 'Когда кто-то отметил вашу анкету' },
  matches: { title: 'Взаимные симпатии', hint: 'Когда лайк оказался взаимным' },
  messages: { title: 'Сообщения', hint: 'Когда вам написали, а приложение закрыто' },
  moderation: { title: 'Модерация и аккаунт', hint: 'Итоги проверки анкеты, блокировка и смена роли' },
};

const notificationSettingsSchema = z.object({
  likes: z.boolean(),
  matches: z.boolean(),
  messages: z.boolean(),
  moderation: z.boolean(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = { likes: true, matches: true, messages: true, moderation: true };

export const NOTIFICATION_MESSAGES = { saved: 'Настройки сохранены', nothingToSave: 'Нет настроек для сохранения' } as const;

/** POST /api/notifications/settings: any subset of the four switches. */
export const notificationSettingsPatchSchema = notificationSettingsSchema
  .partial()
  .refine((v) => Object.values(v).some((x) => x !== undefined), NOTIFICATION_MESSAGES.nothingToSave);
export type NotificationSettingsPatch = z.input<typeof notificationSettingsPatchSchema>;

/** GET and POST /api/notifications/settings answer the current switches. */
export const notificationSettingsResponseSchema = z.object({
  ok: z.literal(true),
  settings: notificationSettingsSchema,
  message: z.string().optional(),
});
