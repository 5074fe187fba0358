import { statusResponseSchema, type RegistrationStatus } from '../../../api/contracts/profile';
import { apiPost } from '../api/api-client';

export type { RegistrationStatus };

export interface RegistrationState {
  status: RegistrationStatus;
  /** Why the base or the description was sent back, when it was. */
  reason: string | null;
}

/** POST /api/profile/status: where the user stands in registration and moderation. */
export async function fetchRegistrationStatus(): Promise<RegistrationState> {
  const { status, reason } = await apiPost('/profile/status', {}, { schema: statusResponseSchema });
  return { status, reason };
}
