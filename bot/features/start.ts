import { Composer, type Context } from 'grammy';
import type { BotDeps } from '../context';
import { isRegion, openAppKeyboard } from '../keyboards/open-app';

/** /start [RU_BY|WORLD]: a neutral greeting (it may be read on a lock screen) and the launch button. */
export function startFeature(deps: Pick<BotDeps, 'publicUrl' | 'productName'>): Composer<Context> {
  const composer = new Composer<Context>();
  composer.command('start', async (ctx) => {
    const param = ctx.match.trim();
    const keyboard = openAppKeyboard(deps.publicUrl, { startParam: isRegion(param) ? param : undefined });
    await ctx.reply(
      `Привет! Это ${deps.productName} — место для общения и новых знакомств.\nНажмите кнопку ниже, чтобы открыть приложение.`,
      {
        reply_markup: keyboard,
      },
    );
  });
  return composer;
}
