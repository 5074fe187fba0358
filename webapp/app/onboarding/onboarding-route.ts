import { useSession } from '../../lib/session/session-store';
import type { OnboardingStatus } from '../../lib/session/fetch-onboarding-status';

export type OnboardingRoute = 'onboarding' | 'under-review' | 'description' | 'app';

/** end-user.md §4: where a registration status leads. */
export function onboardingRouteFor(status: OnboardingStatus | null): OnboardingRoute {
  switch (status) {
    case 'NO_PROFILE':
    case 'BASE_DISCREPANT':
      return 'onboarding';
    case 'UNDER_REVIEW_BASE':
      return 'under-review';
    case 'NEED_DESCRIPTION':
      return 'description';
    default:
      return 'app';
  }
}

/** The registration status routing hook: what the current user should see. */
export function useOnboardingRoute(): OnboardingRoute {
  return onboardingRouteFor(useSession((s) => s.status));
}
