import { fetchCurrentUserOrNull } from '../../lib/session/fetch-current-user';
import { fetchOnboardingStatus } from '../../lib/session/fetch-onboarding-status';
import { validateLaunch } from '../../lib/session/validate-launch';
import { setInitData } from '../../lib/init-data';
import { readLaunchQuickly } from '../../lib/telegram/launch';
import { preloadLanding } from '../route-preload';

/** The three start-up calls (end-user.md §7), sent at once: each is authenticated by the same initData on its own. */
export interface StartCalls {
  validated: ReturnType<typeof validateLaunch>;
  me: ReturnType<typeof fetchCurrentUserOrNull>;
  registration: ReturnType<typeof fetchOnboardingStatus>;
}

function sendCalls(): StartCalls {
  const calls = { validated: validateLaunch(), me: fetchCurrentUserOrNull(), registration: fetchOnboardingStatus() };
  // Each is awaited only when the outcome needs it; one left unawaited is not an error of its own.
  for (const call of Object.values(calls)) call.catch(() => undefined);
  // The landing screen's code and data go out alongside.
  preloadLanding(window.location.pathname);
  return calls;
}

let begun: { initData: string; calls: StartCalls } | null = null;

/** Sends the calls as soon as the URL is read (before the SDK's own checks), for runStartup to take. */
export function beginStartCalls(): void {
  // The SDK's reading in runStartup must agree on the initData, or these calls are not used.
  const launch = readLaunchQuickly();
  if (launch.kind !== 'telegram') return;
  setInitData(launch.initData);
  begun = { initData: launch.initData, calls: sendCalls() };
}

/** The calls begun for this initData, else new ones; either way taken once. */
export function takeStartCalls(initData: string): StartCalls {
  const early = begun;
  begun = null;
  return early?.initData === initData ? early.calls : sendCalls();
}
