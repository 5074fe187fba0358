import { Suspense } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { lazyScreen, screenLoader } from '../../lib/react/lazy-screen';
import { useTelegramBackButton } from '../../lib/telegram/use-back-button';
import { useTelegramSettingsButton } from '../../lib/telegram/use-settings-button';
import { useDisableVerticalSwipes } from '../../lib/telegram/use-vertical-swipes';
import { backTargetFor, showsBackButton, WIDE_MIN_WIDTH } from '../route-meta';
import { MobileLayout } from './mobile-layout';
import { useViewportWidth } from './use-viewport-width';

// The wide layout (1024 px and up: its sidebar, header and search with chat rows) is not a phone's: it loads only where
// it shows, and a phone's start-up neither downloads nor evaluates it. Once loaded it renders at once, unsuspended.
/** Loads the wide layout's module (the frame does when the window is wide). */
export const loadWideLayout = screenLoader(() => import('./wide-layout').then((module) => ({ default: module.WideLayout })));
const Wide = lazyScreen(loadWideLayout);
// The frame's live parts (counters, notices, pushes, shortcuts): not waited for, so the first screen does not wait for them.
export const loadFrameLive = screenLoader(() => import('./frame-live'));
const Live = lazyScreen(loadFrameLive);

/** Both layouts expose the same routes; the wide one applies from 1024 px. */
export function AppFrame() {
  const width = useViewportWidth();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  // Every screen of the frame scrolls (lists, the chat): a swipe down must scroll, not close the app.
  useDisableVerticalSwipes(true);
  // Telegram's ⋯ → Settings opens the same settings as the wide header's gear.
  useTelegramSettingsButton(() => navigate('/theme'));
  useTelegramBackButton(showsBackButton(pathname), () => {
    // Opened straight on a deep link there is no page of ours to go back to.
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) navigate(-1);
    else navigate(backTargetFor(pathname), { replace: true });
  });
  return (
    <>
      {width < WIDE_MIN_WIDTH ? (
        <MobileLayout />
      ) : (
        <Suspense fallback={null}>
          <Wide width={width} />
        </Suspense>
      )}
      <Suspense fallback={null}>
        <Live />
      </Suspense>
    </>
  );
}
