// The mini app's `zod/mini` (webapp/vite.config.ts resolve.alias), as lib/zod-jitless.ts is its `zod`: jitless before
// any schema is built, since start-up's schemas (contracts/user.ts, contracts/onboarding-status.ts) may be the first
// zod to load. Both share zod's core and its one configuration; the page's CSP allows no eval.
import { config } from 'zod/v4/mini';

config({ jitless: true });

export * from 'zod/v4/mini';
