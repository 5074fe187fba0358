import { z } from 'zod';

// The page's Content-Security-Policy allows no eval: zod's compiled parsers would only probe for it and be refused.
z.config({ jitless: true });
