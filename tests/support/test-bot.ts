import type { Bot } from 'grammy';
import { createBot, runBot, type RunningBot } from '../../bot/bot';
import { startFakeTelegram, type FakeTelegram } from '../../bot/dev/fake-telegram';
import { subscribeNotifications } from '../../bot/notifications/subscribe';
import type { EventBus } from '../../db/events/event-bus';
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

/** The real bot, long polling the fake Bot API. */
export async function startTestBot(orm: Orm, opts: { productName?: string; bus?: EventBus; isOnline?: (userId: number) => boolean } = {}): Promise<TestBot> {
  const telegram = await startFakeTelegram();
  const deps = { token: TEST_BOT_TOKEN, apiRoot: telegram.url, publicUrl: TEST_PUBLIC_URL, productName: opts.productName ?? 'Орбита', orm, logger: createLogger('silent') };
  const bot = createBot(deps);
  const unsubscribe = opts.bus ? subscribeNotifications({ ...deps, api: bot.api, bus: opts.bus, isOnline: opts.isOnline }) : () => undefined;
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
