import { GrammyError } from 'grammy';
import type { Logger } from '../../platform/logger';

/** Telegram asked to wait (429): the job runs again after `afterMs`. */
export class RetryLater extends Error {
  constructor(
    readonly afterMs: number,
    readonly cause: unknown,
  ) {
    super(`Telegram asked to retry after ${afterMs} ms`);
  }
}

/** A user who blocked the bot (403), a chat that never existed or an edit that changes nothing (400): retrying will not help. */
const isRefusal = (err: unknown): err is GrammyError => err instanceof GrammyError && (err.error_code === 403 || err.error_code === 400);

/**
 * Makes one Telegram call for a notification. A refusal is skipped quietly (null); a 429 throws RetryLater with its
 * retry_after; 5xx, network errors and anything else are thrown as they are (the job retries them with backoff).
 */
export async function sendSafely<T>(call: () => Promise<T>, logger: Logger, chatId: number): Promise<T | null> {
  try {
    return await call();
  } catch (err) {
    if (isRefusal(err)) {
      logger.debug('notification skipped', { chatId, description: err.description });
      return null;
    }
    const retryAfter = err instanceof GrammyError ? err.parameters.retry_after : undefined;
    if (retryAfter !== undefined) throw new RetryLater(retryAfter * 1000, err);
    throw err;
  }
}
