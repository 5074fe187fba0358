import { writeAccessResponseSchema, type WriteAccessResponse } from '../../../../contracts/write-access';
import { apiGet, apiPost } from '../../../lib/api/api-client';

/** GET /api/profile/write-access: whether the bot may write to the user (null: never answered). */
export function fetchWriteAccess(): Promise<WriteAccessResponse> {
  return apiGet('/profile/write-access', { schema: writeAccessResponseSchema });
}

/** POST /api/profile/write-access: the user's answer to Telegram's question. */
export function saveWriteAccess(allowed: boolean): Promise<WriteAccessResponse> {
  return apiPost('/profile/write-access', { allowed }, { schema: writeAccessResponseSchema });
}
