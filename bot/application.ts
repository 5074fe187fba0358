import type Router from '@koa/router';
import type { Bot } from 'grammy';
import { startApi } from '../api/server';
import { startOpsServer } from '../api/ops/ops-server';
import { createReadiness, type Readiness } from '../api/ops/readiness';
import { databaseReady, redisReady, runningReady } from '../api/ops/readiness-checks';
import { createMetrics, NO_METRICS } from '../platform/metrics/metrics';
import { createLogger, type Logger } from '../platform/logger';
import { createStorage } from '../db/media/create-storage';
import { ImageCodec } from '../db/media/image-codec';
import type { ImageClassifier } from '../platform/screening/classifier';
import { createScreening } from '../db/media/screening/create-screening';
import type { ImageScreening } from '../db/media/screening/screening';
import type { Storage } from '../db/media/storage';
import type { Orm } from '../db/orm';
import { startBotWork } from './bot-work';
import type { Config } from './config';
import type { FakeTelegram } from './dev/fake-telegram';
import { createBotStickerSource } from './stickers/bot-sticker-source';
import {
  connectProcessState,
  createAppBot,
  openMigratedDatabase,
  runSteps,
  startDemo,
  startEnqueueing,
  type ProcessState,
  type ShutdownStack,
  type Startup,
} from './startup-steps';
import { createWebhookRoute } from './webhook';
import { ensureWebappBuilt, requireWebappBuild, WEBAPP_DIST } from './webapp-build';

export interface RunningApplication {
  url: string | null;
  /** Where /healthz, /readyz and /metrics answer: the API's URL, or the bot role's own small listener. */
  healthUrl: string;
  /** The URL a person should open first (the launcher in demo mode). */
  openUrl: string;
  telegram: FakeTelegram | null;
  logger: Logger;
  stop(): Promise<void>;
}

/**
 * Composition root: database, migrations, API + ws, bot; stops in reverse order. ROLE=api runs only
 * the HTTP + ws side, ROLE=bot only the bot and the job worker, ROLE=all (default) both. Process-wide state
 * (hub, bus, rate limits, image encoders, image screening) is built here and passed down, so two applications in one process share none.
 */
export async function startApplication(
  config: Config,
  opts: {
    buildWebapp?: boolean;
    databaseInOwnProcessGroup?: boolean;
    /** Image screening's classifier (tests, demos: a double); by default the real model, unless SCREENING=off. */
    classifier?: ImageClassifier;
  } = {},
): Promise<RunningApplication> {
  const logger = createLogger(config.logLevel);
  // Counted only when someone may read them (METRICS_TOKEN); otherwise every count is a no-op.
  const metrics = config.metricsToken ? createMetrics() : NO_METRICS;
  const start: Startup = { config, logger, metrics, stack: [] };
  const stop = () => runSteps(start.stack.reverse(), logger);
  logger.info('starting', { node: process.version, mode: config.mode, role: config.role });
  const buildsWebapp = config.role !== 'bot' && (opts.buildWebapp ?? config.webappBuild);
  try {
    // Production never builds the mini app from nothing (Vite is a dev dependency): refused before anything starts.
    if (buildsWebapp && config.mode === 'production') requireWebappBuild();
    const { db, orm } = await openMigratedDatabase(start, opts.databaseInOwnProcessGroup);
    const storage = createStorage(config);
    const codec = new ImageCodec(undefined, metrics);
    start.stack.push(async () => codec.close());
    // One per process: its worker loads the model once, with the first upload (platform/screening/nsfw-classifier.ts).
    const screening = createScreening(config.screening, opts.classifier, logger.child({ part: 'face-check' }));
    start.stack.push(() => screening.close());
    const demo = config.mode === 'demo' && config.role === 'all' ? await startDemo(start, orm, storage) : null;
    if (buildsWebapp) await ensureWebappBuilt(logger);
    const state = await connectProcessState(start, orm);
    await startEnqueueing(start, db.url, orm, state.bus);
    const apiRoot = demo?.telegram.url ?? config.telegramApiRoot ?? 'https://api.telegram.org';
    const { bot, webhookSecret } = createAppBot(start, { orm, bus: state.bus, apiRoot });
    const extraRoutes = [
      ...(config.webhookUrl ? [createWebhookRoute(bot, webhookSecret, logger, { trustProxy: config.trustProxy })] : []),
      ...(demo?.routes ?? []),
    ];
    const jobWorker = { isRunning: () => false };
    const readiness = createReadiness(
      {
        database: databaseReady(orm),
        ...(config.role !== 'api' ? { jobs: runningReady(() => jobWorker.isRunning()) } : {}),
        ...(state.redisPing ? { redis: redisReady(state.redisPing) } : {}),
      },
      logger,
    );
    const intake = {
      ...state,
      orm,
      storage,
      codec,
      screening,
      bot,
      apiRoot,
      webhookSecret,
      extraRoutes,
      databaseUrl: db.url,
      readiness,
      jobWorker,
    };
    const { url, healthUrl } = await startIntake(start, intake);
    const openUrl = config.mode === 'demo' ? `${config.publicUrl}/dev` : `${config.publicUrl}/`;
    logger.info('started', { role: config.role, mode: config.mode, health: `${healthUrl}/healthz`, metrics: metrics.registry !== null });
    return { url, healthUrl, openUrl, telegram: demo?.telegram ?? null, logger, stop };
  } catch (err) {
    logger.error('start-up failed', { err });
    await stop();
    throw err;
  }
}

interface IntakeDeps extends ProcessState {
  orm: Orm;
  storage: Storage;
  codec: ImageCodec;
  screening: ImageScreening;
  bot: Bot;
  apiRoot: string;
  webhookSecret: string;
  extraRoutes: Router[];
  databaseUrl: string;
  readiness: Readiness;
  /** Set once the bot's work has started: readiness asks it whether the job worker runs. */
  jobWorker: { isRunning: () => boolean };
}

/**
 * The API (HTTP + ws) and the bot's work (updates, job worker), by role; returns the API's URL. Stopping first
 * takes new work away (HTTP, ws, webhook updates), then stops the bot and the job worker; the rest of the stack
 * (queue, Redis, ORM, PostgreSQL last) follows in reverse order of start.
 */
async function startIntake(
  { config, logger, metrics, stack }: Startup,
  deps: IntakeDeps,
): Promise<{ url: string | null; healthUrl: string }> {
  const { orm, hub, bus, limits, storage, codec, bot, readiness } = deps;
  const intake: ShutdownStack = [];
  stack.push(() => runSteps(intake, logger));
  const ops = { readiness, metrics, metricsToken: config.metricsToken };
  let url: string | null = null;
  let healthUrl: string;
  if (config.role !== 'bot') {
    const stickerSource = createBotStickerSource(bot.api, { apiRoot: deps.apiRoot, token: config.botToken });
    const apiConfig = { ...config, demo: config.mode === 'demo', webappDir: WEBAPP_DIST };
    const api = await startApi({
      stickerSource,
      orm,
      hub,
      bus,
      limits,
      storage,
      codec,
      screening: deps.screening,
      logger,
      port: config.port,
      host: config.host,
      extraRoutes: deps.extraRoutes,
      config: apiConfig,
      ...ops,
    });
    intake.push(api.close);
    url = api.url;
    healthUrl = api.url;
  } else {
    // No API in this role: a listener of its own for the probes and Prometheus, on PORT.
    const opsServer = await startOpsServer({ ...ops, port: config.port, host: config.host, logger });
    intake.push(opsServer.close);
    healthUrl = opsServer.url;
  }
  if (config.role !== 'api') {
    const work = await startBotWork({
      config,
      bot,
      orm,
      bus,
      hub,
      storage,
      codec,
      logger,
      webhookSecret: deps.webhookSecret,
      databaseUrl: deps.databaseUrl,
      metrics,
    });
    intake.push(work.stop);
    deps.jobWorker.isRunning = work.jobWorkerRunning;
  }
  return { url, healthUrl };
}
