import { createHash, timingSafeEqual } from 'node:crypto';
import Router from '@koa/router';
import type { Context } from 'koa';
import { webhookCallback, type Bot } from 'grammy';
import type { Update } from 'grammy/types';
import { z } from 'zod';
import { AppError, MESSAGES, SERVER_MESSAGES } from '../contracts/errors';
import { jsonReader } from '../api/middleware/body';
import { addressResolver } from '../api/middleware/client-address';
import type { Logger } from '../platform/logger';
import { retryInBackground, type BackgroundRetry } from './background-retry';

export const WEBHOOK_PATH = '/telegram/webhook';

/** The secret Telegram repeats in X-Telegram-Bot-Api-Secret-Token: configured, or derived from the token. */
export function webhookSecretFor(token: string, configured: string | null): string {
  return configured ?? createHash('sha256').update(`webhook:${token}`).digest('hex').slice(0, 48);
}

const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

const MAX_UPDATE_BYTES = 1024 * 1024;
const readUpdateJson = jsonReader(MAX_UPDATE_BYTES);
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

/** The update in the body: JSON of at most MAX_UPDATE_BYTES with an update_id, else a refusal (400/413/415). */
async function readUpdate(ctx: Context): Promise<Update> {
  if (!ctx.is('application/json')) throw new AppError('UNSUPPORTED_MEDIA_TYPE', SERVER_MESSAGES.unsupportedBody);
  const update = updateSchema.safeParse(await readUpdateJson(ctx));
  if (!update.success) throw new AppError('BAD_REQUEST', SERVER_MESSAGES.webhookUpdate);
  return update.data as unknown as Update;
}

/** bot.init() (getMe, shared by concurrent updates in grammY) within `ms`; Telegram unreachable: 503, and Telegram delivers the update again later. */
async function botStarted(bot: Bot, ms: number): Promise<void> {
  const started = await within(bot.init(), ms).catch((cause: unknown) => {
    throw Object.assign(new AppError('UNAVAILABLE', MESSAGES.unavailable), { cause });
  });
  if (started === TIMED_OUT) throw new AppError('UNAVAILABLE', MESSAGES.unavailable);
}

/**
 * POST /telegram/webhook on any API process, served by grammY's webhookCallback: updates are handled at once
 * (handlers are short; long work is queued as jobs); one that runs past HANDLE_TIMEOUT_MS is answered and goes on.
 * Refusals come in the API's error shape: a wrong secret is 401 and nothing runs (initData is no credential here);
 * a body that is no update is refused before the bot sees it. A router, so that the permission matrix lists the route.
 */
export function createWebhookRoute(
  bot: Bot,
  secret: string,
  logger: Logger,
  opts: { initWaitMs?: number; trustProxy?: readonly string[] } = {},
): Router {
  const initWaitMs = opts.initWaitMs ?? INIT_WAIT_MS;
  // The caller's address as the rate limits see it (TRUST_PROXY): Koa's ctx.ip is X-Forwarded-For's leftmost entry, the client's to invent.
  const addressOf = addressResolver(opts.trustProxy);
  // Errors inside handlers go to bot.catch (bot/bot.ts): the update is answered and not delivered again.
  const handleUpdate = webhookCallback(bot, 'koa', { secretToken: secret, timeoutMilliseconds: HANDLE_TIMEOUT_MS, onTimeout: 'return' });
  const router = new Router({ sensitive: true });
  router.post(WEBHOOK_PATH, async (ctx) => {
    // Checked here too, as grammY checks only after bot.init(): a wrong secret never makes the bot call Telegram.
    if (!sameText(ctx.get('x-telegram-bot-api-secret-token'), secret)) {
      logger.warn('webhook call with a wrong secret', { ip: addressOf(ctx.req.headers['x-forwarded-for'], ctx.req.socket.remoteAddress) });
      throw new AppError('UNAUTHORIZED', SERVER_MESSAGES.webhookSecret);
    }
    // grammY types Koa's context structurally (body: string where Koa has unknown); it is the same object.
    const koaCtx = ctx as unknown as Parameters<typeof handleUpdate>[0];
    koaCtx.request.body = await readUpdate(ctx);
    await botStarted(bot, initWaitMs);
    await handleUpdate(koaCtx);
  });
  router.get(WEBHOOK_PATH, (ctx) => {
    ctx.status = 405;
    ctx.set('Allow', 'POST');
    ctx.body = { ok: false, error: 'METHOD_NOT_ALLOWED', message: SERVER_MESSAGES.webhookMethod };
  });
  return router;
}

/** Registers the webhook with Telegram, then runs `setup` (menu button, commands), retrying both while it is unreachable. */
export function registerWebhook(bot: Bot, url: string, secret: string, logger: Logger, setup?: () => Promise<void>): BackgroundRetry {
  const webhookUrl = `${url.replace(/\/$/, '')}${WEBHOOK_PATH}`;
  return retryInBackground(
    async () => {
      await bot.api.setWebhook(webhookUrl, { secret_token: secret, allowed_updates: ['message', 'callback_query'] });
      await setup?.();
      logger.info('bot webhook registered', { url });
    },
    { onRetry: (err, delayMs) => logger.warn('webhook registration failed; retrying', { err, delayMs }) },
  );
}
