import type Router from '@koa/router';
import type { Bot } from 'grammy';
import { connectRateLimitStore } from '../api/middleware/rate-limit-store';
import { createRateLimiters, type RateLimiters } from '../api/middleware/rate-limits';
import { attachClusterPresence } from '../api/realtime/cluster-presence';
import { Hub } from '../api/realtime/hub';
import { seedDemo } from '../db/demo/seed-demo';
import { EventBus } from '../db/events/event-bus';
import { JobOutboxDrain } from '../db/events/job-outbox';
import { publishOrmEvents } from '../db/events/orm-events';
import { attachRedisRelay } from '../db/events/redis-relay';
import { createJobQueue } from '../platform/jobs/job-queue';
import type { Logger } from '../platform/logger';
import { countDomainEvents } from '../db/events/event-metrics';
import type { Metrics } from '../platform/metrics/metrics';
import type { Storage } from '../db/media/storage';
import { closeOrm, migrate, openOrm, type Orm } from '../db/orm';
import { ensurePlaces } from '../db/places/ensure-places';
import { sqlOf } from '../db/kysely';
import { withStartupLock } from '../db/startup-lock';
import { ensureAdmins } from '../db/users/users.service';
import { createBot } from './bot';
import type { Config } from './config';
import { openDatabase, type Database } from './database';
import { demoStickerSet } from './dev/demo-stickers';
import { createLauncherRoutes } from './dev/launcher.routes';
import { startFakeTelegram, type FakeTelegram } from './dev/fake-telegram';
import { enqueueNotifications } from './notifications/enqueue';
import { webhookSecretFor } from './webhook';

/** Shutdown steps, pushed as things start and run in reverse order. */
export type ShutdownStack = Array<() => Promise<void>>;

/** What every start-up step needs: the configuration, the log, this app's metrics, and where to leave its shutdown. */
export interface Startup {
  config: Config;
  logger: Logger;
  metrics: Metrics;
  stack: ShutdownStack;
}

/** Runs shutdown steps one after the other; a failing step is logged and the next one still runs. */
export async function runSteps(steps: ShutdownStack, logger: Logger): Promise<void> {
  for (const step of steps) await step().catch((err: unknown) => logger.error('shutdown step failed', { err }));
}

/** The database (embedded unless DATABASE_URL), the ORM, and, under the start-up lock, migrations, places and admins. */
export async function openMigratedDatabase(
  { config, logger, stack }: Startup,
  ownProcessGroup?: boolean,
): Promise<{ db: Database; orm: Orm }> {
  const db = await openDatabase(config.databaseUrl, config.dataDir, { ownProcessGroup });
  stack.push(db.stop);
  const orm = await openOrm({ clientUrl: db.url, replicaUrls: config.databaseReplicaUrls });
  stack.push(() => closeOrm(orm));
  // Each one named as it begins, so a failing one is the last named (all of that run are rolled back together: db/orm.ts).
  orm.migrator.on('migrating', ({ name }) => logger.info('migrating', { name }));
  await withStartupLock(orm, async () => {
    const applied = await migrate(orm);
    if (applied.length) logger.info('migrations applied', { applied });
    const places = await ensurePlaces(orm.em.fork());
    if (places) logger.info('places loaded', { places });
    await ensureAdmins(orm.em.fork(), config.adminIds);
  });
  return { db, orm };
}

/** Demo mode: the fake Bot API with its sticker set, the demo people, and the launcher's routes. */
export async function startDemo(
  { config, logger, stack }: Startup,
  orm: Orm,
  storage: Storage,
): Promise<{ telegram: FakeTelegram; routes: Router[] }> {
  const telegram = await startFakeTelegram();
  stack.push(() => telegram.close());
  telegram.addStickerSet(await demoStickerSet());
  const seeded = await seedDemo(orm.em.fork(), storage);
  if (seeded) logger.info('demo data seeded', { users: seeded });
  return { telegram, routes: [createLauncherRoutes({ orm, telegram, botToken: config.botToken, productName: config.productName })] };
}

export interface ProcessState {
  hub: Hub;
  bus: EventBus;
  /** The API's rate limits, counted across processes with REDIS_URL. */
  limits: RateLimiters;
  /** Whether Redis answers (REDIS_URL; readiness), null without Redis. */
  redisPing: (() => Promise<void>) | null;
}

/**
 * This process's hub, event bus and rate limits. With REDIS_URL every process hears every event and knows who is
 * online anywhere (the bot for "no open socket"), and the API processes count limits together.
 */
export async function connectProcessState({ config, logger, metrics, stack }: Startup, orm: Orm): Promise<ProcessState> {
  const state: ProcessState = { hub: new Hub(), bus: new EventBus(logger), limits: createRateLimiters(metrics), redisPing: null };
  // Every role publishes what its flushes imply (a decision in the bot reaches the API's sockets and the user).
  publishOrmEvents(orm, state.bus);
  const stopCounting = countDomainEvents(state.bus, metrics);
  stack.push(async () => stopCounting());
  if (!config.redisUrl) return state;
  const relay = await attachRedisRelay(state.bus, config.redisUrl, logger);
  stack.push(relay.stop);
  state.redisPing = relay.ping;
  const presence = await attachClusterPresence(state.hub, config.redisUrl, relay.processId, logger, {
    heartbeatMs: config.presenceHeartbeatMs,
  });
  stack.push(presence.stop);
  if (config.role !== 'bot') {
    // Each API process would otherwise allow the full limit: every process counts in Redis.
    const store = await connectRateLimitStore(config.redisUrl, logger);
    state.limits = createRateLimiters(metrics, store);
    stack.push(store.close);
  }
  return state;
}

/**
 * Any process enqueues: its committing transactions write their events' notify jobs to the job outbox, and its drain
 * moves them into the queue in batches (db/events/job-outbox.ts); the bot process's worker runs them. The queue is
 * opened here too, as it installs graphile_worker's schema that the drain's add_jobs needs.
 */
export async function startEnqueueing({ logger, stack }: Startup, databaseUrl: string, orm: Orm, bus: EventBus): Promise<void> {
  const queue = await createJobQueue(databaseUrl, logger);
  stack.push(queue.close);
  const drain = new JobOutboxDrain({ db: () => sqlOf(orm.em.fork()), logger });
  stack.push(() => drain.stop());
  const stopEnqueueing = enqueueNotifications(bus, drain);
  stack.push(async () => stopEnqueueing());
}

/** The grammY bot on the Bot API at `apiRoot` (the fake one in demo mode), and the secret its webhook checks. */
export function createAppBot(
  { config, logger, metrics }: Startup,
  deps: { orm: Orm; bus: EventBus; apiRoot: string },
): { bot: Bot; webhookSecret: string } {
  const bot = createBot({
    token: config.botToken,
    apiRoot: deps.apiRoot,
    publicUrl: config.publicUrl,
    productName: config.productName,
    orm: deps.orm,
    logger,
    bus: deps.bus,
    metrics,
  });
  return { bot, webhookSecret: webhookSecretFor(config.botToken, config.webhookSecret) };
}
