import { autoRetry } from '@grammyjs/auto-retry';
import { run, type RunnerHandle } from '@grammyjs/runner';
import { Bot, type Transformer } from 'grammy';
import type { Metrics } from '../platform/metrics/metrics';
import { retryInBackground } from './background-retry';
import { setUpBot, type BotSetupDeps } from './bot-setup';
import type { BotDeps } from './context';
import { adminCommandsFeature } from './admin/admin-commands';
import { callbackFallback } from './features/callback-fallback';
import { moderationFeature } from './moderation/inline-buttons';
import { moderationQueueFeature } from './moderation/queue-commands';
import { startFeature } from './features/start';
import { writeAccessFeature } from './features/write-access';

export function createBot(deps: BotDeps): Bot {
  const bot = new Bot(deps.token, { client: deps.apiRoot ? { apiRoot: deps.apiRoot } : undefined });
  // Installed first, so it is the innermost transformer: every attempt autoRetry makes is counted.
  if (deps.metrics?.registry) bot.api.config.use(countBotApiCalls(deps.metrics));
  // Honour 429 retry_after and ride out short 5xx outages.
  bot.api.config.use(autoRetry({ maxRetryAttempts: 5, maxDelaySeconds: 120, rethrowInternalServerErrors: false }));
  bot.catch((err) => deps.logger.error('bot update failed', { err: err.error, update: err.ctx.update.update_id }));

  // The order below is the table of contents of the bot.
  const guarded = bot.errorBoundary((err) => deps.logger.error('bot feature failed', { err: err.error }));
  guarded.use(writeAccessFeature(deps));
  guarded.use(startFeature(deps));
  guarded.use(moderationQueueFeature(deps));
  guarded.use(adminCommandsFeature(deps));
  guarded.use(moderationFeature(deps));
  guarded.use(callbackFallback());
  return bot;
}

/** A transformer counting every Bot API call and failure by method (bot_api_calls_total, bot_api_errors_total). */
function countBotApiCalls(metrics: Metrics): Transformer {
  return async (prev, method, payload, signal) => {
    metrics.botApiCall(method);
    try {
      const result = await prev(method, payload, signal);
      if (!result.ok) metrics.botApiError(method, String(result.error_code));
      return result;
    } catch (err) {
      metrics.botApiError(method, 'network');
      throw err;
    }
  };
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
