import { myProfileSchema, type MyProfile } from '../../../../contracts/profile';
import { apiGet } from '../../../lib/api/api-client';

/** GET /api/profile/my: what the user sent before, to prefill a form the moderator sent back. */
export function fetchMyProfile(): Promise<MyProfile> {
  return apiGet('/profile/my', { schema: myProfileSchema });
}
