import type { OnboardingStatus } from '../../../contracts/onboarding-status';
import type { Orientation } from '../../../contracts/orientations';
import { apiPost } from '../api/api-client';

export type { OnboardingStatus };

export interface OnboardingProgress {
  status: OnboardingStatus;
  /** Why the base or the description was sent back, when it was. */
  reason: string | null;
  /** The profile has no stored sex (made before it was required): asked once before the tabs, with its orientation. */
  missingSex?: { gender: Orientation | null } | null;
}

/** POST /api/profile/status: where the user stands in registration and moderation. */
export async function fetchOnboardingStatus(): Promise<OnboardingProgress> {
  const { status, reason, sexMissing, gender } = await apiPost(
    '/profile/status',
    {},
    {
      schema: () => import('../../../contracts/onboarding-status').then((m) => m.statusResponseSchema),
    },
  );
  return { status, reason, missingSex: sexMissing ? { gender } : null };
}
