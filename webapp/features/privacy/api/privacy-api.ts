import { z } from 'zod';
import {
  privacyOverviewSchema,
  privacySaveResponseSchema,
  type PrivacyOverview,
  type PrivacySettingsPatch,
} from '../../../../contracts/privacy';
import { apiGet, apiPost } from '../../../lib/api/api-client';

export function fetchPrivacy(signal?: AbortSignal): Promise<PrivacyOverview> {
  return apiGet('/privacy/settings', { schema: privacyOverviewSchema, signal });
}

export function savePrivacySettings(patch: PrivacySettingsPatch) {
  return apiPost('/privacy/settings', patch, { schema: privacySaveResponseSchema });
}

/** The blacklist's 'Разблокировать': the settings call with an action (AMENDMENTS §3 Blocking). */
export function unblockUser(userId: string) {
  return apiPost('/privacy/settings', { action: 'removeFromBlacklist', userId }, { schema: privacySaveResponseSchema });
}

export function deleteAccount() {
  return apiPost('/privacy/delete-account', { confirm: true }, { schema: z.object({ ok: z.literal(true), message: z.string() }) });
}
