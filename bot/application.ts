import type { Middleware } from 'koa';
import { seedDemo } from '../db/demo/seed-demo';
import { createLogger, type Logger } from '../db/logger';
import { createLocalDiskStorage } from '../db/media/local-disk.storage';
import { migrate, openOrm } from '../db/orm';
import { ensurePlaces } from '../db/places/ensure-places';
import { ensureAdmins } from '../db/users/users.service';
import { startApi } from '../api/server';
import { Hub } from '../api/realtime/hub';
import { EventBus } from '../db/events/event-bus';
import { startAutoDeleteJob } from '../db/chats/auto-delete';
import { createBot, runBot } from './bot';
import { subscribeNotifications } from './notifications/subscribe';
import { createBotStickerSource } from './stickers/bot-sticker-source';
import type { Config } from './config';
import { openDatabase } from './database';
import { createLauncherRoutes } from './dev/launcher.routes';
import { startFakeTelegram, type FakeTelegram } from './dev/fake-telegram';
import { ensureWebappBuilt, WEBAPP_DIST } from './webapp-build';

export interface RunningApplication {
  url: string;
  /** The URL a person should open first (the launcher in demo mode). */
  openUrl: string;
  telegram: FakeTelegram | null;
  logger: Logger;
  stop(): Promise<void>;
}

/** Composition root: database, migrations, API + ws, bot; stops in reverse order. */
export async function startApplication(config: Config, opts: { buildWebapp?: boolean } = {}): Promise<RunningApplication> {
  const logger = createLogger(config.logLevel);
  const stack: Array<() => Promise<void>> = [];
  const stop = async () => {
    for (const step of stack.reverse()) await step().catch((err: unknown) => logger.error('shutdown step failed', { err }));
  };
  try {
    const db = await openDatabase(config.databaseUrl, config.dataDir);
    stack.push(db.stop);
    const orm = await openOrm({ clientUrl: db.url });
    stack.push(() => orm.close());
    const applied = await migrate(orm);
    if (applied.length) logger.info('migrations applied', { applied });
    const places = await ensurePlaces(orm.em.fork());
    if (places) logger.info('places loaded', { places });
    const storage = createLocalDiskStorage(config.storageDir);
    await ensureAdmins(orm.em.fork(), config.adminIds);

    let telegram: FakeTelegram | null = null;
    const extraRoutes: Middleware[] = [];
    if (config.mode === 'demo') {
      telegram = await startFakeTelegram();
      stack.push(() => telegram!.close());
      const seeded = await seedDemo(orm.em.fork(), storage);
      if (seeded) logger.info('demo data seeded', { users: seeded });
      extraRoutes.push(createLauncherRoutes({ orm, telegram, botToken: config.botToken, productName: config.productName }));
    }
    if (opts.buildWebapp !== false) await ensureWebappBuilt(logger);

    const hub = new Hub();
    const bus = new EventBus(logger);
    const apiRoot = telegram?.url ?? config.telegramApiRoot ?? 'https://api.telegram.org';
    const bot = createBot({ token: config.botToken, apiRoot, publicUrl: config.publicUrl, productName: config.productName, orm, logger, bus });
    const stickerSource = createBotStickerSource(bot.api, { apiRoot, token: config.botToken });
    const api = await startApi({
      stickerSource,
      orm,
      hub,
      bus,
      storage,
      logger,
      port: config.port,
      extraRoutes,
      config: { ...config, demo: config.mode === 'demo', webappDir: WEBAPP_DIST },
    });
    stack.push(api.close);

    const unsubscribe = subscribeNotifications({
      api: bot.api,
      orm,
      bus,
      publicUrl: config.publicUrl,
      logger,
      isOnline: (id) => hub.isOnline(id),
      storage,
      moderationChatId: config.moderationChatId,
    });
    stack.push(async () => unsubscribe());
    const autoDelete = startAutoDeleteJob({ orm, storage, logger });
    stack.push(autoDelete.stop);
    const runningBot = runBot(bot, { publicUrl: config.publicUrl, logger });
    stack.push(runningBot.stop);

    const openUrl = config.mode === 'demo' ? `${config.publicUrl}/dev` : `${config.publicUrl}/`;
    return { url: api.url, openUrl, telegram, logger, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
