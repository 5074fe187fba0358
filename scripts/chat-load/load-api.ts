import { createRateLimiters } from '../../api/middleware/rate-limits';
import { startApi, type RunningApi } from '../../api/server';
import { Hub } from '../../api/realtime/hub';
import { enqueueNotifications } from '../../bot/notifications/enqueue';
import { EventBus } from '../../db/events/event-bus';
import { publishOrmEvents } from '../../db/events/orm-events';
import { createJobQueue } from '../../db/jobs/job-queue';
import { createLogger } from '../../db/logger';
import { ImageCodec } from '../../db/media/image-codec';
import { createLocalDiskStorage } from '../../db/media/local-disk.storage';
import { migrate, openOrm } from '../../db/orm';
import { withStartupLock } from '../../db/startup-lock';
import { LOAD_BOT_TOKEN } from './load-client';

/**
 * The API (Koa + the sockets) as the load scripts run it. Env: DATABASE_URL, PORT, STORAGE_DIR, POOL_MAX (20);
 * NOTIFY_JOBS=1 also queues each notified event's job in its transaction, as every production process does
 * (bot/startup-steps.ts startEnqueueing), so a chat send writes what it writes in production.
 */
export async function startLoadApi(): Promise<RunningApi> {
  const logger = createLogger('error');
  const databaseUrl = process.env.DATABASE_URL!;
  const orm = await openOrm({ clientUrl: databaseUrl, poolMax: Number(process.env.POOL_MAX ?? 20) });
  // Starts as production does (bot/application.ts): start-up work in a transaction, which on Node 20 leaves async
  // hooks on for good unless AsyncLocalStorage is scoped (openOrm does it: db/scoped-async-local-storage.ts).
  await withStartupLock(orm, () => migrate(orm));
  const hub = new Hub();
  const bus = new EventBus(logger);
  publishOrmEvents(orm, bus);
  if (process.env.NOTIFY_JOBS === '1') {
    // Installs graphile_worker's schema, which add_job needs; nothing runs the jobs here.
    await createJobQueue(databaseUrl, logger);
    enqueueNotifications(bus);
  }
  return startApi({
    orm,
    hub,
    bus,
    limits: createRateLimiters(),
    codec: new ImageCodec(),
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
}
