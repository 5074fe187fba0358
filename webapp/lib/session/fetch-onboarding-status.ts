import { statusResponseSchema, type OnboardingStatus } from '../../../api/contracts/profile';
import { apiPost } from '../api/api-client';

export type { OnboardingStatus };

export interface OnboardingProgress {
  status: OnboardingStatus;
  /** Why the base or the description was sent back, when it was. */
  reason: string | null;
}

/** POST /api/profile/status: where the user stands in registration and moderation. */
export async function fetchOnboardingStatus(): Promise<OnboardingProgress> {
  const { status, reason } = await apiPost('/profile/status', {}, { schema: statusResponseSchema });
  return { status, reason };
}
