import { z } from 'zod';

/** Every moderator's reason (a rejection, a partial reject, a ban on any path): 20–500 characters, presets included. */
export const REASON_MIN = 20;
export const REASON_MAX = 500;

/** The one refusal of a reason that does not fit, the same on every path (panel, reports, bot buttons, /ban). */
export const REASON_MESSAGE = `Причина: от ${REASON_MIN} до ${REASON_MAX} символов`;

/** Rejection presets, one tap away in the bot's keyboard and the panel's reason dialog. */
export const REJECT_PRESETS = [
  'Фото не соответствуют правилам сервиса',
  'Текст анкеты нарушает правила сервиса',
  'Возраст на фото не совпадает с указанным',
  'Анкета похожа на фейковую или чужую',
] as const;

/** Ban presets (reports, the admin's ban, the bot); each passes the ban rule like a typed reason. */
export const BAN_PRESETS = [
  'Спам и флуд в сообщениях',
  'Оскорбления и травля других пользователей',
  'Неприемлемый контент в анкете или чате',
  'Фейковая или чужая анкета',
] as const;

/** The rule as a schema, for the contracts of every decision and ban request. */
export const reasonSchema = z.string({ error: REASON_MESSAGE }).trim().min(REASON_MIN, REASON_MESSAGE).max(REASON_MAX, REASON_MESSAGE);

/** The rule for the services: the trimmed reason, or null when it does not fit. */
export function fittingReason(reason: string | null | undefined): string | null {
  const parsed = reasonSchema.safeParse(reason ?? '');
  return parsed.success ? parsed.data : null;
}
