import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { useSession } from '../../lib/session/session-store';
import { MESSAGES } from '../../../contracts/errors';
import { setBannedListener } from '../../lib/api/api-client';
import { ApiError } from '../../lib/api/api-error';
import { earlyPaintShown } from '../../lib/early-card-handoff';
import { setSessionExpiredListener } from '../../lib/session-expiry';
import {
  BannedScreen,
  loadOutcomeScreen,
  NoInitDataNotice,
  OutsideNotice,
  ReleaseCountdownScreen,
  StartupErrorScreen,
} from './gate-screens';
import { LoadingScreen } from './loading-screen';
import { takeStartup } from './early-startup';
import type { runStartup, StartupOutcome, StartupStep } from './run-startup';
import { useLoadingPhase } from './use-loading-phase';

function OutcomeView({ outcome, children }: { outcome: StartupOutcome; children: ReactNode }) {
  switch (outcome.kind) {
    case 'outside':
      return (
        <Suspense fallback={null}>
          <OutsideNotice />
        </Suspense>
      );
    case 'no-init-data':
      return (
        <Suspense fallback={null}>
          <NoInitDataNotice />
        </Suspense>
      );
    case 'error':
      return (
        <Suspense fallback={null}>
          <StartupErrorScreen error={outcome.error} />
        </Suspense>
      );
    case 'banned':
      return (
        <Suspense fallback={null}>
          <BannedScreen banReason={outcome.banReason} bannedAt={outcome.bannedAt} />
        </Suspense>
      );
    case 'release':
      return (
        <Suspense fallback={null}>
          <ReleaseCountdownScreen releaseAt={outcome.releaseAt} />
        </Suspense>
      );
    case 'ready':
      return <>{children}</>;
  }
}

/** Runs start-up once and shows its gates; `children` (the app) render only after the user is validated. */
export function StartupGate({ children, start = takeStartup }: { children: ReactNode; start?: typeof runStartup }) {
  const [outcome, setOutcome] = useState<StartupOutcome | null>(null);
  const [steps, setSteps] = useState<StartupStep[]>([]);
  const running = useRef<Promise<StartupOutcome> | null>(null);
  const bannedLater = useSession((s) => s.bannedLater);
  // The page's early paint (the first card, the chat list, a chat) is the screen until the landing screen takes over:
  // the loading screen would cover it (it stands above that layer) and then give way to the same screen.
  const [earlyPaint] = useState(earlyPaintShown);
  const phase = useLoadingPhase(outcome !== null || earlyPaint);

  useEffect(() => {
    let live = true;
    running.current ??= start((step) => setSteps((done) => (done.includes(step) ? done : [...done, step])));
    // A gate's screen is loaded before its outcome shows (gate-screens.tsx), so the loading screen gives way to it drawn.
    void running.current.then((result) => loadOutcomeScreen(result).then(() => live && setOutcome(result)));
    setBannedListener((body) => {
      const reason = (body as { banReason?: unknown } | null)?.banReason;
      useSession.getState().markBanned(typeof reason === 'string' ? reason : null);
    });
    // The launch data expired mid-session with none fresher: the start-up error screen with its expired-session hint.
    setSessionExpiredListener(() => setOutcome({ kind: 'error', error: new ApiError(MESSAGES.initDataExpired, 401, 'UNAUTHORIZED') }));
    return () => {
      live = false;
      setBannedListener(null);
      setSessionExpiredListener(null);
    };
  }, [start]);

  const showContent = outcome !== null && (phase === 'done' || phase === 'exiting');
  // A ban found at start-up has its own screen with the date; a refusal of a call sent alongside adds nothing.
  const banLater = bannedLater && outcome?.kind !== 'banned';
  return (
    <>
      {showContent &&
        (banLater ? (
          <Suspense fallback={null}>
            <BannedScreen banReason={bannedLater.banReason} bannedAt={null} />
          </Suspense>
        ) : (
          <OutcomeView outcome={outcome}>{children}</OutcomeView>
        ))}
      {(phase === 'visible' || phase === 'exiting') && <LoadingScreen steps={steps} exiting={phase === 'exiting'} />}
    </>
  );
}
