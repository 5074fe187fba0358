import { z } from 'zod';
import { ADMIN_MESSAGES } from './admin-messages';

/** A Telegram id in a path or a body; anything else reads as an unknown user. */
export const telegramIdSchema = z.coerce
  .number({ error: ADMIN_MESSAGES.userNotFound })
  .int(ADMIN_MESSAGES.userNotFound)
  .positive(ADMIN_MESSAGES.userNotFound)
  .max(Number.MAX_SAFE_INTEGER, ADMIN_MESSAGES.userNotFound);
/** The `{id}` of /api/user/{id}/… */
export const userIdParamSchema = z.object({ id: telegramIdSchema });
