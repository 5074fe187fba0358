import { useSession } from '../../lib/session/session-store';
import type { RegistrationStatus } from '../../lib/session/fetch-registration-status';

export type RegistrationRoute = 'onboarding' | 'under-review' | 'description' | 'app';

/** end-user.md §4: where a registration status leads. */
export function registrationRouteFor(status: RegistrationStatus | null): RegistrationRoute {
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
export function useRegistrationRoute(): RegistrationRoute {
  return registrationRouteFor(useSession((s) => s.status));
}
