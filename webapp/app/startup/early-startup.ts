import { runStartup, type StartupOutcome, type StartupStep } from './run-startup';

interface Early {
  steps: StartupStep[];
  onStep: ((step: StartupStep) => void) | null;
  outcome: Promise<StartupOutcome>;
}
let early: Early | null = null;

/**
 * Called as the app's code loads (main.tsx, after the calls were sent), before React renders: start-up runs
 * meanwhile, so its outcome is often known before the loading screen's 200 ms have passed.
 */
export function beginStartup(): void {
  const entry: Early = { steps: [], onStep: null, outcome: Promise.resolve({ kind: 'outside' }) };
  entry.outcome = runStartup((step) => {
    entry.steps.push(step);
    entry.onStep?.(step);
  });
  early = entry;
}

/** The start-up begun before React (its steps so far replayed), else a new one; taken once. */
export function takeStartup(onStep: (step: StartupStep) => void = () => undefined): Promise<StartupOutcome> {
  const entry = early;
  early = null;
  if (!entry) return runStartup(onStep);
  entry.steps.forEach(onStep);
  entry.onStep = onStep;
  return entry.outcome;
}
