import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { queryClient } from '../../webapp/lib/query/query-client';
import { setInitData } from '../../webapp/lib/init-data';
import { TEST_INIT_DATA } from '../webapp/support/launch';

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
