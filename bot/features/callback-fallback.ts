import { Composer, type Context } from 'grammy';

/** Last in the chain: every callback query gets an answer, so no button spins forever. */
export function callbackFallback(): Composer<Context> {
  const composer = new Composer<Context>();
  composer.on('callback_query', (ctx) => ctx.answerCallbackQuery());
  return composer;
}
