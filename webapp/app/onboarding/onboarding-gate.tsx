import { lazy, Suspense, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { Spinner } from '../../components/ui/spinner';
import { fetchOnboardingStatus } from '../../lib/session/fetch-onboarding-status';
import { useIsModerator, useSession } from '../../lib/session/session-store';
import { isStaffPath } from '../route-meta';
import { useOnboardingRoute } from './onboarding-route';

// Onboarding screens are their own chunk: most launches are by users who finished it.
const OnboardingFlow = lazy(() =>
  import('../../features/onboarding/components/onboarding-flow').then((m) => ({ default: m.OnboardingFlow })),
);
const DescriptionFlow = lazy(() =>
  import('../../features/onboarding/components/description-flow').then((m) => ({ default: m.DescriptionFlow })),
);
const MissingSexScreen = lazy(() =>
  import('../../features/onboarding/components/missing-sex-screen').then((m) => ({ default: m.MissingSexScreen })),
);
const UnderReviewScreen = lazy(() =>
  import('../../features/onboarding/components/under-review-screen').then((m) => ({ default: m.UnderReviewScreen })),
);

const refreshStatus = async () => useSession.getState().setOnboarding(await fetchOnboardingStatus());

function OnboardingScreen() {
  const route = useOnboardingRoute();
  const status = useSession((s) => s.status);
  const reason = useSession((s) => s.statusReason);
  const firstName = useSession((s) => s.launchUser?.first_name ?? null);
  const setOnboarding = useSession((s) => s.setOnboarding);
  if (route === 'under-review') return <UnderReviewScreen onRefresh={refreshStatus} />;
  if (route === 'description')
    return <DescriptionFlow reason={reason} onSubmitted={(next) => setOnboarding({ status: next, reason: null })} />;
  return <OnboardingFlow again={status === 'BASE_DISCREPANT'} reason={reason} firstName={firstName} />;
}

/**
 * Sends users who have not finished registration to onboarding, and a profile without a stored sex to its one
 * question (AMENDMENTS §5.2; sign-up asks it anyway); staff reach their panels regardless.
 */
export function OnboardingGate({ children }: { children: ReactNode }) {
  const route = useOnboardingRoute();
  const missingSex = useSession((s) => (route === 'onboarding' ? null : s.missingSex));
  const sexStored = useSession((s) => s.sexStored);
  const isStaff = useIsModerator();
  const { pathname } = useLocation();
  if (isStaff && isStaffPath(pathname)) return <>{children}</>;
  if (route === 'app' && !missingSex) return <>{children}</>;
  return (
    <Suspense fallback={<Spinner />}>
      {missingSex ? <MissingSexScreen storedGender={missingSex.gender} onStored={sexStored} /> : <OnboardingScreen />}
    </Suspense>
  );
}
