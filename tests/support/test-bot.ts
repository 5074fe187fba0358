import type { Bot } from 'grammy';
import { createBot, runBot, type RunningBot } from '../../bot/bot';
import { startFakeTelegram, type FakeTelegram } from '../../bot/dev/fake-telegram';
import { subscribeNotifications } from '../../bot/notifications/subscribe';
import { EventBus } from '../../db/events/event-bus';
import type { Storage } from '../../db/media/storage';
import { publishModerationItemEvents } from '../../db/moderation/moderation-item-events';
import { createLogger } from '../../db/logger';
import type { Orm } from '../../db/orm';
import { TEST_BOT_TOKEN } from './init-data';

export interface TestBot {
  telegram: FakeTelegram;
  bot: Bot;
  running: RunningBot;
  stop(): Promise<void>;
}

export const TEST_PUBLIC_URL = 'https://app.example.test';

export interface TestBotOptions {
  productName?: string;
  /** The API's bus: with it the bot's notifications are subscribed. */
  bus?: EventBus;
  isOnline?: (userId: number) => boolean;
  /** Image storage for the photos of moderation posts. */
  storage?: Storage;
  moderationChatId?: number | null;
}

/** The real bot, long polling the fake Bot API. */
export async function startTestBot(orm: Orm, opts: TestBotOptions = {}): Promise<TestBot> {
  const telegram = await startFakeTelegram();
  const logger = createLogger((process.env.TEST_LOG_LEVEL as 'error' | undefined) ?? 'silent');
  const bus = opts.bus ?? new EventBus(logger);
  const deps = { token: TEST_BOT_TOKEN, apiRoot: telegram.url, publicUrl: TEST_PUBLIC_URL, productName: opts.productName ?? 'Орбита', orm, logger, bus };
  const bot = createBot(deps);
  publishModerationItemEvents(orm, bus);
  const notificationDeps = { ...deps, api: bot.api, isOnline: opts.isOnline, storage: opts.storage, moderationChatId: opts.moderationChatId };
  const unsubscribe = opts.bus ? subscribeNotifications(notificationDeps) : () => undefined;
  const running = runBot(bot, deps);
  await telegram.waitForCall('setChatMenuButton');
  return {
    telegram,
    bot,
    running,
    stop: async () => {
      unsubscribe();
      await running.stop();
      await telegram.close();
    },
  };
}
