import { createHash, timingSafeEqual } from 'node:crypto';
import Router from '@koa/router';
import { webhookCallback, type Bot } from 'grammy';
import type { Middleware } from 'koa';
import { AppError, MESSAGES } from '../api/contracts/errors';
import type { Logger } from '../db/logger';

export const WEBHOOK_PATH = '/telegram/webhook';

/** The secret Telegram repeats in X-Telegram-Bot-Api-Secret-Token: configured, or derived from the token. */
export function webhookSecretFor(token: string, configured: string | null): string {
  return configured ?? createHash('sha256').update(`webhook:${token}`).digest('hex').slice(0, 48);
}

const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * POST /telegram/webhook on any API process: updates are handled at once (handlers are short; long work
 * is queued as jobs), so Telegram's timeout is never reached. A wrong secret is 401 and nothing runs; initData
 * is no credential here. A router, so that the permission matrix lists the route (tests/api/security).
 */
export function createWebhookRoute(bot: Bot, secret: string, logger: Logger): Middleware {
  // The node adapter reads the body itself (the webhook sits before the API's body parser).
  const handle = webhookCallback(bot, 'http', { timeoutMilliseconds: 9_000, onTimeout: 'return', secretToken: secret });
  const router = new Router();
  router.post(WEBHOOK_PATH, async (ctx) => {
    if (!sameText(ctx.get('x-telegram-bot-api-secret-token'), secret)) {
      logger.warn('webhook call with a wrong secret', { ip: ctx.ip });
      throw new AppError('UNAUTHORIZED', MESSAGES.webhookSecret);
    }
    // Koa starts every response as 404; the adapter only ends it.
    ctx.status = 200;
    ctx.respond = false;
    await handle(ctx.req, ctx.res);
  });
  router.get(WEBHOOK_PATH, (ctx) => {
    ctx.status = 405;
    ctx.set('Allow', 'POST');
    ctx.body = { ok: false, error: 'METHOD_NOT_ALLOWED', message: MESSAGES.webhookMethod };
  });
  return router.routes() as Middleware;
}

/** Registers the webhook with Telegram, retrying in the background while it is unreachable. */
export function registerWebhook(bot: Bot, url: string, secret: string, logger: Logger): { stop(): void } {
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  const attempt = async (n: number): Promise<void> => {
    try {
      await bot.api.setWebhook(`${url.replace(/\/$/, '')}${WEBHOOK_PATH}`, { secret_token: secret, allowed_updates: ['message', 'callback_query'] });
      logger.info('bot webhook registered', { url });
    } catch (err) {
      if (stopped) return;
      const delay = Math.min(60_000, 1000 * 2 ** n);
      logger.warn('webhook registration failed; retrying', { err, delayMs: delay });
      timer = setTimeout(() => void attempt(n + 1), delay);
      timer.unref();
    }
  };
  void attempt(0);
  return {
    stop: () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
