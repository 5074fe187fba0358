import { z } from 'zod';
import { ru } from 'zod/locales';

// zod's own messages (a schema without a text of its own) in Russian, as the server words them (api/middleware/errors.ts).
// Imported where messages are shown, so the locale stays out of the initial bundle.
z.config(ru());
