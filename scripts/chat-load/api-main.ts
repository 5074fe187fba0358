// The API (Koa + /ws/messages) alone, as a child process the soak test can SIGKILL. Env: DATABASE_URL, PORT, STORAGE_DIR, POOL_MAX (20), METRICS_TOKEN.
import { EventBus } from '../../db/events/event-bus';
import { publishOrmEvents } from '../../db/events/orm-events';
import { createLogger } from '../../db/logger';
import { countDomainEvents, createMetrics, NO_METRICS } from '../../db/metrics/metrics';
import { createLocalDiskStorage } from '../../db/media/local-disk.storage';
import { migrate, openOrm } from '../../db/orm';
import { withStartupLock } from '../../db/startup-lock';
import { startTestApi } from '../../tests/support/test-api';
import { LOAD_BOT_TOKEN } from './load-client';

const logger = createLogger('error');
const orm = await openOrm({ clientUrl: process.env.DATABASE_URL!, poolMax: Number(process.env.POOL_MAX ?? 20) });
// Starts as production does (bot/application.ts): start-up work in a transaction, which on Node 20 leaves async
// hooks on for good unless AsyncLocalStorage is scoped (openOrm does it: db/scoped-async-local-storage.ts).
await withStartupLock(orm, () => migrate(orm));
const bus = new EventBus(logger);
publishOrmEvents(orm, bus);
// METRICS_TOKEN set: metrics counted as production counts them (the benchmark's "with metrics" run).
const metricsToken = process.env.METRICS_TOKEN || null;
const metrics = metricsToken ? createMetrics() : NO_METRICS;
countDomainEvents(bus, metrics);
const api = await startTestApi({
  orm,
  bus,
  metrics,
  metricsToken,
  logger,
  storage: createLocalDiskStorage(process.env.STORAGE_DIR!),
  port: Number(process.env.PORT),
  config: { botToken: LOAD_BOT_TOKEN },
});
process.stdout.write(`READY ${api.url}\n`);
// The load scripts drop the database right after; nothing needs a graceful goodbye.
process.once('SIGTERM', () => process.exit(0));
process.once('SIGINT', () => process.exit(0));
