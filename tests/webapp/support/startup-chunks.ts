import { beforeAll } from 'vitest';
import { loadAppFrame } from '../../../webapp/app/route-preload';
import { loadSdk } from '../../../webapp/lib/telegram/sdk';

// What start-up loads beside the entry (the page's inline script preloads it): here once per file, before any render.
beforeAll(() =>
  Promise.all([
    loadSdk(),
    loadAppFrame(),
    import('../../../contracts/user'),
    import('../../../contracts/onboarding-status'),
    import('../../../contracts/explore'),
  ]),
);
