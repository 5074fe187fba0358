import { autoRetry } from '@grammyjs/auto-retry';
import { run, type RunnerHandle } from '@grammyjs/runner';
import { Bot } from 'grammy';
import { retryInBackground } from './background-retry';
import { setUpBot, type BotSetupDeps } from './bot-setup';
import type { BotDeps } from './context';
import { adminCommandsFeature } from './admin/admin-commands';
import { callbackFallback } from './features/callback-fallback';
import { moderationFeature } from './moderation/inline-buttons';
import { moderationQueueFeature } from './moderation/queue-commands';
import { startFeature } from './features/start';

export function createBot(deps: BotDeps): Bot {
  const bot = new Bot(deps.token, { client: deps.apiRoot ? { apiRoot: deps.apiRoot } : undefined });
  // Honour 429 retry_after and ride out short 5xx outages.
  bot.api.config.use(autoRetry({ maxRetryAttempts: 5, maxDelaySeconds: 120, rethrowInternalServerErrors: false }));
  bot.catch((err) => deps.logger.error('bot update failed', { err: err.error, update: err.ctx.update.update_id }));

  // The order below is the table of contents of the bot.
  const guarded = bot.errorBoundary((err) => deps.logger.error('bot feature failed', { err: err.error }));
  guarded.use(startFeature(deps));
  guarded.use(moderationQueueFeature(deps));
  guarded.use(adminCommandsFeature(deps));
  guarded.use(moderationFeature(deps));
  guarded.use(callbackFallback());
  return bot;
}

export interface RunningBot {
  stop(): Promise<void>;
}

/** Sets the menu button and commands and starts long polling; keeps retrying in the background while Telegram is unreachable. */
export function runBot(bot: Bot, deps: BotSetupDeps): RunningBot {
  let handle: RunnerHandle | null = null;
  const starting = retryInBackground(
    async (signal) => {
      await bot.init();
      await setUpBot(bot.api, deps);
      if (signal.aborted) return;
      handle = run(bot);
      deps.logger.info('bot polling', { username: bot.botInfo.username });
    },
    { onRetry: (err, delayMs) => deps.logger.warn('bot could not reach Telegram; retrying', { err, delayMs }) },
  );
  return {
    stop: async () => {
      starting.stop();
      if (handle?.isRunning()) await handle.stop();
    },
  };
}
