import { searchSettingsResponseSchema, type SearchSettingsBody } from '../../../../contracts/search-settings';
import { apiGet, apiPost } from '../../../lib/api/api-client';

export function fetchSearchSettings(signal?: AbortSignal) {
  return apiGet('/search-settings', { schema: searchSettingsResponseSchema, signal });
}

export function saveSearchSettings(settings: SearchSettingsBody) {
  return apiPost('/search-settings', settings, { schema: searchSettingsResponseSchema });
}
