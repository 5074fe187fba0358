import { GrammyError, type Api } from 'grammy';
import type { Logger } from '../../db/logger';

type SendArgs = Parameters<Api['sendMessage']>;

/** Sends a notification; a user who blocked the bot (403) or a chat that never existed (400) is skipped quietly. */
export async function sendSafely(api: Api, logger: Logger, ...args: SendArgs): Promise<boolean> {
  try {
    await api.sendMessage(...args);
    return true;
  } catch (err) {
    if (err instanceof GrammyError && (err.error_code === 403 || err.error_code === 400)) {
      logger.debug('notification skipped', { chatId: args[0], description: err.description });
      return false;
    }
    logger.warn('notification failed', { chatId: args[0], err });
    return false;
  }
}
