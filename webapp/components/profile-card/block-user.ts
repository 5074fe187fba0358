import { privacySaveResponseSchema } from '../../../contracts/privacy';
import { apiPost } from '../../lib/api/api-client';

/** AMENDMENTS §3 Blocking: POST /api/privacy/settings with {action:'addToBlacklist', userId}. */
export function blockUser(userId: string) {
  return apiPost('/privacy/settings', { action: 'addToBlacklist', userId }, { schema: privacySaveResponseSchema });
}
