import { beforeAll } from 'vitest';
import { loadAppFrame } from '../../../webapp/app/route-preload';
import { loadConfirmDialog } from '../../../webapp/components/ui/confirm-host';
import { loadSdk } from '../../../webapp/lib/telegram/sdk';

// What start-up loads beside the entry (the page's inline script preloads it): here once per file, before any render.
// And the confirm dialog, which the app loads with its first question: the screens' fake timers would hold a wait for it.
beforeAll(() =>
  Promise.all([
    loadSdk(),
    loadAppFrame(),
    loadConfirmDialog(),
    import('../../../contracts/user'),
    import('../../../contracts/onboarding-status'),
    import('../../../contracts/explore'),
  ]),
);
