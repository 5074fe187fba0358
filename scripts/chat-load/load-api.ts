import type { RunningApi } from '../../api/server';
import { enqueueNotifications } from '../../bot/notifications/enqueue';
import { EventBus } from '../../db/events/event-bus';
import { JobOutboxDrain } from '../../db/events/job-outbox';
import { publishOrmEvents } from '../../db/events/orm-events';
import { createJobQueue } from '../../platform/jobs/job-queue';
import { sqlOf } from '../../db/kysely';
import { createLogger } from '../../platform/logger';
import { createLocalDiskStorage } from '../../db/media/local-disk.storage';
import { createScreening } from '../../db/media/screening/create-screening';
import { DEFAULT_SCREENING_THRESHOLDS } from '../../db/media/screening/screening';
import { countDomainEvents } from '../../db/events/event-metrics';
import { createMetrics, NO_METRICS } from '../../platform/metrics/metrics';
import { migrate, openOrm } from '../../db/orm';
import { withStartupLock } from '../../db/startup-lock';
import { startTestApi } from '../../tests/support/test-api';
import { LOAD_BOT_TOKEN } from './load-client';

/**
 * The API (Koa + the sockets) as the load scripts run it. Env: DATABASE_URL, PORT, STORAGE_DIR, POOL_MAX (20);
 * NOTIFY_JOBS=1 also queues each notified event's job in its transaction, as every production process does
 * (bot/startup-steps.ts startEnqueueing), so a chat send writes what it writes in production; METRICS_TOKEN set:
 * metrics counted as production counts them (the benchmark's "with metrics" run).
 */
export async function startLoadApi(): Promise<RunningApi> {
  const logger = createLogger('error');
  const databaseUrl = process.env.DATABASE_URL!;
  const orm = await openOrm({ clientUrl: databaseUrl, poolMax: Number(process.env.POOL_MAX ?? 20) });
  await withStartupLock(orm, () => migrate(orm));
  const bus = new EventBus(logger);
  publishOrmEvents(orm, bus);
  if (process.env.NOTIFY_JOBS === '1') {
    // Installs graphile_worker's schema, which the outbox's drain needs; nothing runs the jobs here. The drain as
    // production's, but its sweep (a statement now and then whatever the load does) left out of the figures.
    await createJobQueue(databaseUrl, logger);
    enqueueNotifications(bus, new JobOutboxDrain({ db: () => sqlOf(orm.em.fork()), logger, sweepMs: 3_600_000 }));
  }
  const metricsToken = process.env.METRICS_TOKEN || null;
  const metrics = metricsToken ? createMetrics() : NO_METRICS;
  countDomainEvents(bus, metrics);
  return startTestApi({
    orm,
    bus,
    metrics,
    metricsToken,
    // Screening and the profile photos' face check as production runs them (the real models), unless SCREENING=off
    // or AGE_CHECK=off (bot/config.ts).
    screening: createScreening({
      enabled: process.env.SCREENING !== 'off',
      thresholds: DEFAULT_SCREENING_THRESHOLDS,
      faceCheck: { enabled: process.env.AGE_CHECK !== 'off' },
    }),
    logger,
    storage: createLocalDiskStorage(process.env.STORAGE_DIR!),
    port: Number(process.env.PORT),
    config: { botToken: LOAD_BOT_TOKEN },
  });
}
