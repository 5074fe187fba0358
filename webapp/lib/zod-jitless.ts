// The mini app's `zod` (webapp/vite.config.ts resolve.alias): configured before any schema is built, whichever chunk
// loads zod first. The page's Content-Security-Policy allows no eval: zod's compiled parsers would only probe for it.
import { config } from 'zod/v4';

config({ jitless: true });

export * from 'zod/v4';
