import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { loadAppFrame } from '../../webapp/app/route-preload';
import { queryClient } from '../../webapp/lib/query/query-client';
import { setInitData } from '../../webapp/lib/init-data';
import { loadSdk } from '../../webapp/lib/telegram/sdk';
import { TEST_INIT_DATA } from '../webapp/support/launch';

// What start-up loads beside the entry (the page's inline script preloads it): here once per file, before any render.
beforeAll(() =>
  Promise.all([
    loadSdk(),
    loadAppFrame(),
    import('../../contracts/user'),
    import('../../contracts/profile'),
    import('../../contracts/explore'),
  ]),
);

// As in Telegram, a launch always carries its user: what the app keeps on the device is keyed by that user's id.
beforeEach(() => setInitData(TEST_INIT_DATA));

afterEach(() => {
  cleanup();
  // The one query cache of the app outlives a render: each test starts without the last one's answers.
  queryClient.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  sessionStorage.clear();
  localStorage.clear();
  window.history.replaceState(null, '', '/');
});
