import type { EntityManager } from '@mikro-orm/postgresql';
import type { Bot } from 'grammy';
import { createBot, runBot, type RunningBot } from '../../bot/bot';
import { startFakeTelegram, type FakeTelegram, type RecordedCall } from '../../bot/dev/fake-telegram';
import { notifyJob } from '../../bot/notifications/notify-job';
import { EventBus } from '../../db/events/event-bus';
import { createJobQueue } from '../../platform/jobs/job-queue';
import { startJobWorker, type JobWorker } from '../../platform/jobs/job-worker';
import { ImageCodec } from '../../db/media/image-codec';
import type { Storage } from '../../db/media/storage';
import { createLogger } from '../../platform/logger';
import type { Orm } from '../../db/orm';
import { FinishedJobs } from './finished-jobs';
import { TEST_BOT_TOKEN } from './init-data';
import { createTestApp, type TestApp } from './test-app';
import { wireBus } from './wire-bus';

export interface TestBot {
  telegram: FakeTelegram;
  bot: Bot;
  running: RunningBot;
  /** Notify jobs whose run has ended: the barrier before asserting that nothing was sent. */
  finishedJobs: FinishedJobs;
  /** The job worker that sends the notifications; a test may stop it (a crash) and start a new one. */
  worker: { start(): Promise<void>; stop(): Promise<void> };
  stop(): Promise<void>;
}

export const TEST_PUBLIC_URL = 'https://app.example.test';

export interface TestBotOptions {
  productName?: string;
  /** The API's bus: with it the bot's notifications are queued and a job worker sends them. */
  bus?: EventBus;
  isOnline?: (userId: number) => boolean;
  /** Image storage for the photos of moderation posts (encoded by the bot's own codec, ended on stop). */
  storage?: Storage;
  moderationChatId?: number | null;
}

/** The real bot, long polling the fake Bot API; with a bus, the notifications go through the job queue. */
export async function startTestBot(orm: Orm, opts: TestBotOptions = {}): Promise<TestBot> {
  const telegram = await startFakeTelegram();
  const logger = createLogger((process.env.TEST_LOG_LEVEL as 'error' | undefined) ?? 'silent');
  const bus = opts.bus ?? new EventBus(logger);
  const deps = {
    token: TEST_BOT_TOKEN,
    apiRoot: telegram.url,
    publicUrl: TEST_PUBLIC_URL,
    productName: opts.productName ?? 'Орбита',
    orm,
    logger,
    bus,
  };
  const bot = createBot(deps);
  const connectionString = orm.config.get('clientUrl')!;
  const queue = opts.bus ? await createJobQueue(connectionString, logger) : null;
  const stopEnqueueing = wireBus(orm, bus, { enqueue: queue !== null });
  const finishedJobs = new FinishedJobs();
  const codec = opts.storage ? new ImageCodec() : undefined;
  const notify = notifyJob({
    ...deps,
    botApi: bot.api,
    isOnline: opts.isOnline,
    storage: opts.storage,
    codec,
    moderationChatId: opts.moderationChatId,
  });
  let current: JobWorker | null = null;
  const worker = {
    // Jobs scheduled for later (retries) are looked for every 250 ms, so tests wait little beyond the delays.
    start: async () =>
      void (current ??= await startJobWorker({ connectionString, logger, jobs: [finishedJobs.track(notify)], pollIntervalMs: 250 })),
    stop: async () => {
      await current?.stop();
      current = null;
    },
  };
  if (queue) await worker.start();
  const running = runBot(bot, deps);
  await telegram.waitForCall('setChatMenuButton');
  return {
    telegram,
    bot,
    running,
    finishedJobs,
    worker,
    stop: async () => {
      stopEnqueueing();
      await worker.stop();
      await queue?.close();
      await running.stop();
      await telegram.close();
      codec?.close();
    },
  };
}

export interface AppAndBot {
  app: TestApp;
  bot: TestBot;
  /** A fresh EntityManager on the app's database. */
  em(): EntityManager;
  /** The messages with this text that reached this chat. */
  sentTo(chatId: number, text: string): RecordedCall[];
  stop(): Promise<void>;
}

/**
 * The API and the real bot on its bus: the notifications are queued in the committing transactions and a job worker
 * sends them. `botOptions` may use the app (its hub for who is online, its storage); `appOptions` go to createTestApp
 * (a screening classifier, say).
 */
export async function startAppAndBot(
  botOptions: (app: TestApp) => Omit<TestBotOptions, 'bus'> = () => ({}),
  appOptions?: Parameters<typeof createTestApp>[0],
): Promise<AppAndBot> {
  const app = await createTestApp(appOptions);
  const bot = await startTestBot(app.db.orm, { ...botOptions(app), bus: app.bus });
  return {
    app,
    bot,
    em: () => app.db.orm.em.fork(),
    sentTo: (chatId, text) =>
      bot.telegram.callsTo('sendMessage').filter((c) => c.ok && c.params.chat_id === chatId && c.params.text === text),
    stop: async () => {
      await bot.stop();
      await app.close();
    },
  };
}
