// The screens of start-up's rarer outcomes (an error, a ban, the release countdown, a launch outside Telegram): not in the entry (issue 39: start-up's
// JavaScript), each loaded when an outcome needs it; the gate loads it before it shows the outcome, so none suspends.
import { lazyScreen, screenLoader } from '../../lib/react/lazy-screen';
import type { StartupOutcome } from './run-startup';

const loadBanned = screenLoader(() => import('./banned-screen').then((module) => ({ default: module.BannedScreen })));
const loadRelease = screenLoader(() => import('./release-countdown-screen').then((module) => ({ default: module.ReleaseCountdownScreen })));
const loadError = screenLoader(() => import('./startup-error-screen').then((module) => ({ default: module.StartupErrorScreen })));
const loadOutside = screenLoader(() => import('./launch-notices').then((module) => ({ default: module.OutsideNotice })));
const loadNoInitData = screenLoader(() => import('./launch-notices').then((module) => ({ default: module.NoInitDataNotice })));

export const BannedScreen = lazyScreen(loadBanned);
export const ReleaseCountdownScreen = lazyScreen(loadRelease);
export const StartupErrorScreen = lazyScreen(loadError);
export const OutsideNotice = lazyScreen(loadOutside);
export const NoInitDataNotice = lazyScreen(loadNoInitData);

const LOADERS: Partial<Record<StartupOutcome['kind'], () => Promise<unknown>>> = {
  banned: loadBanned,
  release: loadRelease,
  error: loadError,
  outside: loadOutside,
  'no-init-data': loadNoInitData,
};

/** The module of the screen `outcome` shows, if it is one of these; a failed load is left to the screen's own retry. */
export function loadOutcomeScreen(outcome: StartupOutcome): Promise<unknown> {
  const load = LOADERS[outcome.kind];
  return load ? load().catch(() => undefined) : Promise.resolve();
}
