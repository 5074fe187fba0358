import { lazy, Suspense, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { Spinner } from '../../components/ui/spinner';
import { fetchRegistrationStatus } from '../../lib/session/fetch-registration-status';
import { useIsModerator, useSession } from '../../lib/session/session-store';
import { isStaffPath } from '../route-meta';
import { useRegistrationRoute } from './registration-route';

// Registration screens are their own chunk: most launches are by users who finished it.
const OnboardingFlow = lazy(() => import('../../features/onboarding/components/onboarding-flow').then((m) => ({ default: m.OnboardingFlow })));
const DescriptionFlow = lazy(() => import('../../features/onboarding/components/description-flow').then((m) => ({ default: m.DescriptionFlow })));
const UnderReviewScreen = lazy(() => import('../../features/onboarding/components/under-review-screen').then((m) => ({ default: m.UnderReviewScreen })));

const refreshStatus = async () => useSession.getState().setRegistration(await fetchRegistrationStatus());

function RegistrationScreen() {
  const route = useRegistrationRoute();
  const status = useSession((s) => s.status);
  const reason = useSession((s) => s.statusReason);
  const firstName = useSession((s) => s.launchUser?.first_name ?? null);
  const setRegistration = useSession((s) => s.setRegistration);
  if (route === 'under-review') return <UnderReviewScreen onRefresh={refreshStatus} />;
  if (route === 'description') return <DescriptionFlow reason={reason} onSubmitted={(next) => setRegistration({ status: next, reason: null })} />;
  return <OnboardingFlow again={status === 'BASE_DISCREPANT'} reason={reason} firstName={firstName} />;
}

/** Sends users who have not finished registration to onboarding; staff reach their panels regardless. */
export function RegistrationGate({ children }: { children: ReactNode }) {
  const route = useRegistrationRoute();
  const isStaff = useIsModerator();
  const { pathname } = useLocation();
  if (route === 'app' || (isStaff && isStaffPath(pathname))) return <>{children}</>;
  return (
    <Suspense fallback={<Spinner />}>
      <RegistrationScreen />
    </Suspense>
  );
}
