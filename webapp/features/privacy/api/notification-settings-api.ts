import { notificationSettingsResponseSchema, type NotificationSettingsPatch } from '../../../../contracts/notification-settings';
import { apiGet, apiPost } from '../../../lib/api/api-client';

export function fetchNotificationSettings(signal?: AbortSignal) {
  return apiGet('/notifications/settings', { schema: notificationSettingsResponseSchema, signal });
}

export function saveNotificationSettings(patch: NotificationSettingsPatch) {
  return apiPost('/notifications/settings', patch, { schema: notificationSettingsResponseSchema });
}
