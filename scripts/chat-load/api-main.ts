// The API (Koa + /ws/messages) alone, as a child process the soak test can SIGKILL. Env: see load-api.ts.
import { startLoadApi } from './load-api';

const api = await startLoadApi();
process.stdout.write(`READY ${api.url}\n`);
// The load scripts drop the database right after; nothing needs a graceful goodbye.
process.once('SIGTERM', () => process.exit(0));
process.once('SIGINT', () => process.exit(0));
