// The API (Koa + /ws/messages) alone, as a child process the soak test can SIGKILL. Env: DATABASE_URL, PORT, STORAGE_DIR, POOL_MAX (20).
import { createRateLimiters } from '../../api/middleware/rate-limits';
import { startApi } from '../../api/server';
import { Hub } from '../../api/realtime/hub';
import { EventBus } from '../../db/events/event-bus';
import { publishOrmEvents } from '../../db/events/orm-events';
import { createLogger } from '../../db/logger';
import { ImageCodec } from '../../db/media/image-codec';
import { createScreening } from '../../db/media/screening/create-screening';
import { DEFAULT_SCREENING_THRESHOLDS } from '../../db/media/screening/screening';
import { createLocalDiskStorage } from '../../db/media/local-disk.storage';
import { migrate, openOrm } from '../../db/orm';
import { withStartupLock } from '../../db/startup-lock';
import { LOAD_BOT_TOKEN } from './load-client';

const logger = createLogger('error');
const orm = await openOrm({ clientUrl: process.env.DATABASE_URL!, poolMax: Number(process.env.POOL_MAX ?? 20) });
// Starts as production does (bot/application.ts): start-up work in a transaction, which on Node 20 leaves async
// hooks on for good unless AsyncLocalStorage is scoped (openOrm does it: db/scoped-async-local-storage.ts).
await withStartupLock(orm, () => migrate(orm));
const hub = new Hub();
const bus = new EventBus(logger);
publishOrmEvents(orm, bus);
const api = await startApi({
  orm,
  hub,
  bus,
  limits: createRateLimiters(),
  codec: new ImageCodec(),
  // Screening as production runs it (the real model), unless SCREENING=off.
  screening: createScreening({ enabled: process.env.SCREENING !== 'off', thresholds: DEFAULT_SCREENING_THRESHOLDS }),
  storage: createLocalDiskStorage(process.env.STORAGE_DIR!),
  logger,
  port: Number(process.env.PORT),
  host: '127.0.0.1',
  config: {
    botToken: LOAD_BOT_TOKEN,
    initDataMaxAgeS: 86_400,
    adminIds: [],
    releaseAt: null,
    webappDir: null,
    productName: 'Орбита',
    supportHandle: '@orbita_support',
    demo: false,
  },
});
process.stdout.write(`READY ${api.url}\n`);
// The load scripts drop the database right after; nothing needs a graceful goodbye.
process.once('SIGTERM', () => process.exit(0));
process.once('SIGINT', () => process.exit(0));
