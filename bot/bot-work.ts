import type { Bot } from 'grammy';
import type { Hub } from '../api/realtime/hub';
import { autoDeleteJob } from '../db/jobs/auto-delete.job';
import { deleteImageFilesJob } from '../db/jobs/delete-image-files.job';
import { dropUnusedImagesJob } from '../db/jobs/drop-unused-images.job';
import { startJobWorker } from '../platform/jobs/job-worker';
import { pruneDeliveriesJob } from '../db/jobs/prune-deliveries.job';
import type { EventBus } from '../db/events/event-bus';
import type { Logger } from '../platform/logger';
import type { Metrics } from '../platform/metrics/metrics';
import type { ImageCodec } from '../db/media/image-codec';
import type { Storage } from '../db/media/storage';
import type { Orm } from '../db/orm';
import { runBot } from './bot';
import { keepAdminCommands, setUpBot } from './bot-setup';
import type { Config } from './config';
import { notifyJob } from './notifications/notify-job';
import { registerWebhook } from './webhook';

export interface BotWorkDeps {
  config: Config;
  bot: Bot;
  orm: Orm;
  bus: EventBus;
  hub: Hub;
  storage: Storage;
  codec: ImageCodec;
  logger: Logger;
  webhookSecret: string;
  databaseUrl: string;
  metrics?: Metrics;
}

/** The bot process's share: notifications and background jobs, and updates by long polling or a webhook. */
export async function startBotWork(deps: BotWorkDeps): Promise<{ jobWorkerRunning(): boolean; stop(): Promise<void> }> {
  const { config, bot, orm, hub, storage, logger } = deps;
  const stack: Array<() => Promise<void>> = [];
  const notify = notifyJob({
    botApi: bot.api,
    orm,
    publicUrl: config.publicUrl,
    logger,
    isOnline: (id) => hub.isOnline(id),
    storage,
    codec: deps.codec,
    moderationChatId: config.moderationChatId,
  });
  const jobs = [
    notify,
    autoDeleteJob({ orm, storage, logger }),
    pruneDeliveriesJob({ orm }),
    deleteImageFilesJob({ storage }),
    dropUnusedImagesJob({ orm, logger }),
  ];
  const worker = await startJobWorker({ connectionString: deps.databaseUrl, logger, jobs, metrics: deps.metrics });
  stack.push(worker.stop);
  const setupDeps = { publicUrl: config.publicUrl, orm, logger };
  const stopKeepingCommands = keepAdminCommands(deps.bus, bot.api, logger);
  stack.push(async () => stopKeepingCommands());
  if (config.webhookUrl) {
    const webhook = registerWebhook(bot, config.webhookUrl, deps.webhookSecret, logger, () => setUpBot(bot.api, setupDeps));
    stack.push(async () => webhook.stop());
  } else {
    const polling = runBot(bot, setupDeps);
    stack.push(polling.stop);
  }
  return {
    jobWorkerRunning: () => worker.isRunning(),
    stop: async () => {
      for (const step of stack.reverse()) await step().catch((err: unknown) => logger.error('shutdown step failed', { err }));
    },
  };
}
