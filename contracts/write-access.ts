import { z } from 'zod';

/** The one line the mini app says when it asks Telegram whether the bot may write (issue 40). */
export const WRITE_ACCESS_WHY = 'Чтобы мы могли прислать результат проверки анкеты и уведомления';

export const WRITE_ACCESS_TEXT = {
  why: WRITE_ACCESS_WHY,
  missing: 'Сообщение о результате проверки не придёт: вы не разрешили боту писать вам.',
  allow: 'Разрешить сообщения',
  allowed: 'Готово: пришлём сообщение, когда анкету проверят',
  refused: 'Без разрешения бот не сможет написать вам',
  failed: 'Не удалось сохранить ответ',
  answer: 'Ответ: allowed — true или false',
} as const;

/** POST /api/profile/write-access: the user's answer to Telegram's requestWriteAccess. */
export const writeAccessBodySchema = z.object({ allowed: z.boolean({ error: WRITE_ACCESS_TEXT.answer }) });

/** GET and POST /api/profile/write-access: null until the user answered (or wrote to the bot). */
export const writeAccessResponseSchema = z.object({ ok: z.literal(true), writeAccess: z.boolean().nullable() });
export type WriteAccessResponse = z.infer<typeof writeAccessResponseSchema>;
