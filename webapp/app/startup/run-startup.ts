import type { CurrentUser } from '../../../contracts/user';
import { userFromLaunch } from '../../lib/session/fetch-current-user';
import { useSession } from '../../lib/session/session-store';
import { isApiError } from '../../lib/api/api-error';
import { getAppConfig } from '../../lib/app-config';
import { dropUnkeyedEntries } from '../../lib/device-storage';
import { setInitData } from '../../lib/init-data';
import { regionFromUrl, rememberRegion, type Region } from '../../lib/region';
import { readLaunch, readLaunchQuickly } from '../../lib/telegram/launch';
import { loadSdk } from '../../lib/telegram/sdk';
import { onboardingRouteFor } from '../onboarding/onboarding-route';
import { dropLanding } from '../route-preload';
import { rememberMayBrowse } from './browse-mark';
import { connectTelegram } from './connect-telegram';
import { takeStartCalls, type StartCalls } from './start-calls';

/**
 * The reported steps of end-user.md §4 Auth start-up. 'ready' and 'expand' come when the SDK has arrived, which the
 * first screen does not wait for: before 'validate' or after it, even after 'done'.
 */
export type StartupStep = 'init' | 'ready' | 'expand' | 'validate' | 'done' | 'error';

export type StartupOutcome =
  | { kind: 'outside' }
  | { kind: 'no-init-data' }
  | { kind: 'error'; error: unknown }
  | { kind: 'banned'; banReason: string | null; bannedAt: string | null }
  | { kind: 'release'; releaseAt: string | null }
  | { kind: 'ready' };

const isStaff = (user: CurrentUser) => user.isAdmin || user.isModerator;
const releaseAtOf = (err: unknown) => {
  const body = isApiError(err) ? (err.body as { releaseAt?: unknown } | null) : null;
  return typeof body?.releaseAt === 'string' ? body.releaseAt : getAppConfig().releaseAt;
};

async function signIn(region: Region, calls: StartCalls): Promise<StartupOutcome> {
  const { user: launchUser } = await calls.validated;
  let user: CurrentUser;
  let releaseGate: { releaseAt: string | null } | null = null;
  try {
    user = (await calls.me) ?? userFromLaunch(launchUser);
  } catch (err) {
    if (!isApiError(err, 'RELEASE_SOON')) throw err;
    releaseGate = { releaseAt: releaseAtOf(err) };
    user = userFromLaunch(launchUser);
  }
  // Banned users always see the blocked screen, before any other gate.
  if (user.isBanned) return { kind: 'banned', banReason: user.banReason, bannedAt: user.bannedAt };
  const registration = await calls.registration;
  // The countdown is not for approved users, moderators and admins.
  if (releaseGate && registration.status !== 'APPROVED' && !isStaff(user)) return { kind: 'release', ...releaseGate };
  useSession.getState().startSession({ launchUser, user, registration, region });
  return { kind: 'ready' };
}

/**
 * Reads the launch, validates initData and loads the user (children render only after it), and connects to Telegram
 * when the SDK's chunk arrives, without waiting for it.
 */
export async function runStartup(onStep: (step: StartupStep) => void = () => undefined): Promise<StartupOutcome> {
  // The SDK's chunk loads beside the entry's; only a launch the URL does not carry waits for it, to be found by the SDK.
  if (readLaunchQuickly().kind !== 'telegram') await loadSdk().catch(() => null);
  const launch = readLaunch();
  if (launch.kind !== 'telegram') return launch;
  onStep('init');
  setInitData(launch.initData);
  dropUnkeyedEntries();
  const region = rememberRegion(launch.startParam, regionFromUrl());
  const calls = takeStartCalls(launch.initData);
  void connectTelegram(onStep);
  onStep('validate');
  try {
    const outcome = await signIn(region, calls);
    const browses = outcome.kind === 'ready' && onboardingRouteFor(useSession.getState().status) === 'app';
    rememberMayBrowse(browses);
    if (!browses) dropLanding();
    onStep('done');
    return outcome;
  } catch (error) {
    dropLanding();
    if (isApiError(error, 'RELEASE_SOON')) return { kind: 'release', releaseAt: releaseAtOf(error) };
    if (isApiError(error, 'BANNED')) {
      const body = error.body as { banReason?: string | null } | null;
      return { kind: 'banned', banReason: body?.banReason ?? null, bannedAt: null };
    }
    onStep('error');
    return { kind: 'error', error };
  }
}
