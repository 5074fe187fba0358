import { Composer, type Context } from 'grammy';
import { recordWriteAccess } from '../../db/users/write-access.service';
import type { BotDeps } from '../context';

/** A user who writes to (or starts) the bot lets it write back: recorded before any feature answers. */
export function writeAccessFeature(deps: Pick<BotDeps, 'orm' | 'logger'>): Composer<Context> {
  const composer = new Composer<Context>();
  composer.chatType('private').on('message', async (ctx, next) => {
    try {
      await recordWriteAccess(deps.orm.em.fork(), ctx.from.id, true);
    } catch (err) {
      deps.logger.warn('write access not recorded', { err, userId: ctx.from.id });
    }
    await next();
  });
  return composer;
}
