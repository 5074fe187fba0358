import { BrowserRouter } from 'react-router-dom';
import { ConfirmHost } from '../components/ui/confirm-host';
import { Toaster } from '../components/ui/toaster';
import { AppRoutes } from './app-routes';
import { OnboardingGate } from './onboarding/onboarding-gate';
import { StartupGate } from './startup/startup-gate';

/** Start-up gates first; then registration routing; then the frame with its routes. Toasts and dialogs above all. */
export function App() {
  return (
    <BrowserRouter>
      <StartupGate>
        <OnboardingGate>
          <AppRoutes />
        </OnboardingGate>
      </StartupGate>
      <Toaster />
      <ConfirmHost />
    </BrowserRouter>
  );
}
