import type { Middleware } from 'koa';
import { seedDemo } from '../db/demo/seed-demo';
import { createLogger, type Logger } from '../db/logger';
import { createStorage } from '../db/media/create-storage';
import { migrate, closeOrm, openOrm } from '../db/orm';
import { ensurePlaces } from '../db/places/ensure-places';
import { withStartupLock } from '../db/startup-lock';
import { ensureAdmins } from '../db/users/users.service';
import { startApi } from '../api/server';
import { Hub } from '../api/realtime/hub';
import { attachClusterPresence } from '../api/realtime/cluster-presence';
import { connectRedisHitCounter } from '../api/middleware/redis-hit-counter';
import { shareLimits } from '../api/middleware/rate-limits';
import { EventBus } from '../db/events/event-bus';
import { publishOrmEvents } from '../db/events/orm-events';
import { attachRedisRelay } from '../db/events/redis-relay';
import { createJobQueue } from '../db/jobs/job-queue';
import { createBot } from './bot';
import { startBotWork } from './bot-work';
import { enqueueNotifications } from './notifications/enqueue';
import { createBotStickerSource } from './stickers/bot-sticker-source';
import type { Config } from './config';
import { openDatabase } from './database';
import { createLauncherRoutes } from './dev/launcher.routes';
import { demoStickerSet } from './dev/demo-stickers';
import { startFakeTelegram, type FakeTelegram } from './dev/fake-telegram';
import { createWebhookRoute, webhookSecretFor } from './webhook';
import { ensureWebappBuilt, WEBAPP_DIST } from './webapp-build';

export interface RunningApplication {
  url: string | null;
  /** The URL a person should open first (the launcher in demo mode). */
  openUrl: string;
  telegram: FakeTelegram | null;
  logger: Logger;
  stop(): Promise<void>;
}

/**
 * Composition root: database, migrations, API + ws, bot; stops in reverse order. ROLE=api runs only
 * the HTTP + ws side, ROLE=bot only the bot and the job worker, ROLE=all (default) both.
 */
export async function startApplication(config: Config, opts: { buildWebapp?: boolean; databaseInOwnProcessGroup?: boolean } = {}): Promise<RunningApplication> {
  const logger = createLogger(config.logLevel);
  const stack: Array<() => Promise<void>> = [];
  const stop = () => runSteps(stack.reverse(), logger);
  const runsApi = config.role !== 'bot';
  const runsBot = config.role !== 'api';
  logger.info('starting', { node: process.version, mode: config.mode, role: config.role });
  try {
    const db = await openDatabase(config.databaseUrl, config.dataDir, { ownProcessGroup: opts.databaseInOwnProcessGroup });
    stack.push(db.stop);
    const orm = await openOrm({ clientUrl: db.url, replicaUrls: config.databaseReplicaUrls });
    stack.push(() => closeOrm(orm));
    await withStartupLock(orm, async () => {
      const applied = await migrate(orm);
      if (applied.length) logger.info('migrations applied', { applied });
      const places = await ensurePlaces(orm.em.fork());
      if (places) logger.info('places loaded', { places });
      await ensureAdmins(orm.em.fork(), config.adminIds);
    });
    const storage = createStorage(config);

    let telegram: FakeTelegram | null = null;
    const extraRoutes: Middleware[] = [];
    if (config.mode === 'demo' && config.role === 'all') {
      telegram = await startFakeTelegram();
      stack.push(() => telegram!.close());
      telegram.addStickerSet(await demoStickerSet());
      const seeded = await seedDemo(orm.em.fork(), storage);
      if (seeded) logger.info('demo data seeded', { users: seeded });
      extraRoutes.push(createLauncherRoutes({ orm, telegram, botToken: config.botToken, productName: config.productName }));
    }
    if (runsApi && (opts.buildWebapp ?? config.webappBuild)) await ensureWebappBuilt(logger);

    const hub = new Hub();
    const bus = new EventBus(logger);
    // Every role publishes what its flushes imply (a decision in the bot reaches the API's sockets and the user).
    publishOrmEvents(orm, bus);
    if (config.redisUrl) {
      // Every process hears every event and knows who is online anywhere (the bot for "no open socket").
      const relay = await attachRedisRelay(bus, config.redisUrl, logger);
      stack.push(relay.stop);
      const presence = await attachClusterPresence(hub, config.redisUrl, relay.processId, logger, { heartbeatMs: config.presenceHeartbeatMs });
      stack.push(presence.stop);
      if (runsApi) {
        // Rate limits count across the API processes (each would otherwise allow the full limit).
        const counter = connectRedisHitCounter(config.redisUrl, logger);
        const unshare = shareLimits(counter);
        stack.push(async () => (unshare(), counter.close()));
      }
    }
    // Any process enqueues (its events become notify jobs); the bot process's worker runs them.
    const queue = await createJobQueue(db.url, logger);
    stack.push(queue.close);
    const stopEnqueueing = enqueueNotifications(bus);
    stack.push(async () => stopEnqueueing());
    const apiRoot = telegram?.url ?? config.telegramApiRoot ?? 'https://api.telegram.org';
    const bot = createBot({ token: config.botToken, apiRoot, publicUrl: config.publicUrl, productName: config.productName, orm, logger, bus });
    const webhookSecret = webhookSecretFor(config.botToken, config.webhookSecret);
    if (config.webhookUrl) extraRoutes.unshift(createWebhookRoute(bot, webhookSecret, logger));

    // Stopping first takes new work away (HTTP, ws, webhook updates), then stops the bot and the job worker;
    // the rest of the stack (queue, Redis, ORM, PostgreSQL last) follows in reverse order of start.
    const intake: Array<() => Promise<void>> = [];
    stack.push(() => runSteps(intake, logger));
    let url: string | null = null;
    if (runsApi) {
      const stickerSource = createBotStickerSource(bot.api, { apiRoot, token: config.botToken });
      const api = await startApi({ stickerSource, orm, hub, bus, storage, logger, port: config.port, host: config.host, extraRoutes, config: { ...config, demo: config.mode === 'demo', webappDir: WEBAPP_DIST } });
      intake.push(api.close);
      url = api.url;
    }
    if (runsBot) {
      const work = await startBotWork({ config, bot, orm, bus, hub, storage, logger, webhookSecret, databaseUrl: db.url });
      intake.push(work.stop);
    }

    const openUrl = config.mode === 'demo' ? `${config.publicUrl}/dev` : `${config.publicUrl}/`;
    return { url, openUrl, telegram, logger, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** Runs shutdown steps one after the other; a failing step is logged and the next one still runs. */
async function runSteps(steps: Array<() => Promise<void>>, logger: Logger): Promise<void> {
  for (const step of steps) await step().catch((err: unknown) => logger.error('shutdown step failed', { err }));
}
