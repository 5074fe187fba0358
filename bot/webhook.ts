import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import Router from '@koa/router';
import type { Bot } from 'grammy';
import type { Update } from 'grammy/types';
import type { Middleware } from 'koa';
import { z } from 'zod';
import { AppError, MESSAGES } from '../api/contracts/errors';
import { readPlainJsonOrRefuse } from '../api/middleware/body';
import { isPlainJson } from '../api/middleware/json-body';
import type { Logger } from '../db/logger';

export const WEBHOOK_PATH = '/telegram/webhook';

/** The secret Telegram repeats in X-Telegram-Bot-Api-Secret-Token: configured, or derived from the token. */
export function webhookSecretFor(token: string, configured: string | null): string {
  return configured ?? createHash('sha256').update(`webhook:${token}`).digest('hex').slice(0, 48);
}

const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

const MAX_UPDATE_BYTES = 1024 * 1024;
const HANDLE_TIMEOUT_MS = 9_000;
const INIT_WAIT_MS = 5_000;
const TIMED_OUT = Symbol('timed out');

/** `work`'s outcome, or TIMED_OUT once `ms` have passed (the work goes on). */
async function within<T>(work: Promise<T>, ms: number): Promise<T | typeof TIMED_OUT> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<typeof TIMED_OUT>((resolve) => (timer = setTimeout(resolve, ms, TIMED_OUT)));
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
const updateSchema = z.looseObject({ update_id: z.number().int().nonnegative() });

/** The update in the body: plain JSON of at most MAX_UPDATE_BYTES with an update_id, else a refusal (400/413/415). */
async function readUpdate(req: IncomingMessage): Promise<Update> {
  if (!isPlainJson(req)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', MESSAGES.unsupportedBody);
  const update = updateSchema.safeParse(await readPlainJsonOrRefuse(req, MAX_UPDATE_BYTES));
  if (!update.success) throw new AppError('BAD_REQUEST', MESSAGES.webhookUpdate);
  return update.data as unknown as Update;
}

/**
 * POST /telegram/webhook on any API process: updates are handled at once (handlers are short; long work
 * is queued as jobs), so Telegram's timeout is never reached; one that runs past HANDLE_TIMEOUT_MS is answered
 * and goes on. A wrong secret is 401 and nothing runs (initData is no credential here); a body that is no
 * update is refused before the bot sees it. A router, so that the permission matrix lists the route.
 */
export function createWebhookRoute(bot: Bot, secret: string, logger: Logger, opts: { initWaitMs?: number } = {}): Middleware {
  const initWaitMs = opts.initWaitMs ?? INIT_WAIT_MS;
  let init: Promise<void> | null = null;
  const router = new Router({ sensitive: true });
  router.post(WEBHOOK_PATH, async (ctx) => {
    if (!sameText(ctx.get('x-telegram-bot-api-secret-token'), secret)) {
      logger.warn('webhook call with a wrong secret', { ip: ctx.ip });
      throw new AppError('UNAUTHORIZED', MESSAGES.webhookSecret);
    }
    const update = await readUpdate(ctx.req);
    // bot.init() once (getMe), shared by the updates arriving meanwhile; a failure lets the next update retry.
    // Telegram unreachable (its retries outlast the wait): 503, and Telegram delivers the update again later.
    init ??= bot.init().catch((err: unknown) => {
      init = null;
      throw err;
    });
    const started = await within(init, initWaitMs).catch((cause: unknown) => {
      throw Object.assign(new AppError('UNAVAILABLE', MESSAGES.unavailable), { cause });
    });
    if (started === TIMED_OUT) throw new AppError('UNAVAILABLE', MESSAGES.unavailable);
    // Errors inside handlers go to bot.catch (bot/bot.ts): the update is answered and not delivered again.
    await within(bot.handleUpdate(update), HANDLE_TIMEOUT_MS);
    ctx.body = { ok: true };
  });
  router.get(WEBHOOK_PATH, (ctx) => {
    ctx.status = 405;
    ctx.set('Allow', 'POST');
    ctx.body = { ok: false, error: 'METHOD_NOT_ALLOWED', message: MESSAGES.webhookMethod };
  });
  return router.routes() as Middleware;
}

/** Registers the webhook with Telegram, then runs `setup` (menu button, commands), retrying both while it is unreachable. */
export function registerWebhook(bot: Bot, url: string, secret: string, logger: Logger, setup?: () => Promise<void>): { stop(): void } {
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  const attempt = async (n: number): Promise<void> => {
    try {
      await bot.api.setWebhook(`${url.replace(/\/$/, '')}${WEBHOOK_PATH}`, { secret_token: secret, allowed_updates: ['message', 'callback_query'] });
      await setup?.();
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
