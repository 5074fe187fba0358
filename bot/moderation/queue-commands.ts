import { Composer, InlineKeyboard, type Context } from 'grammy';
import { MESSAGES } from '../../contracts/errors';
import type { ModerationCounts } from '../../contracts/moderation';
import { moderationCounts } from '../../db/moderation/moderation-items.repository';
import type { BotDeps } from '../context';
import { CALLBACK_PATTERN } from './keyboards';
import { miniAppUrl } from '../keyboards/open-app';
import { staffMember } from './moderator-actions';

function queueText(counts: ModerationCounts): string {
  return [
    'Очередь модерации:',
    `Новые анкеты: ${counts.INITIAL}`,
    `Описания: ${counts.PROFILE_DESCRIPTION}`,
    `Изменения анкет: ${counts.PROFILE_EDIT}`,
    `Новые фото: ${counts.PHOTOS}`,
    `Жалобы: ${counts.reports}`,
  ].join('\n');
}

/** /queue for moderators and admins: what waits, per type, with a button to the hub. */
export function moderationQueueFeature(deps: Pick<BotDeps, 'orm' | 'publicUrl'>): Composer<Context> {
  const composer = new Composer<Context>();
  const hubUrl = miniAppUrl(deps.publicUrl, '/moderation');

  composer.command('queue', async (ctx) => {
    const em = deps.orm.em.fork();
    const viewer = ctx.from && (await staffMember(em, ctx.from.id));
    if (!viewer) return void (await ctx.reply(MESSAGES.forbidden));
    const keyboard =
      ctx.chat.type === 'private'
        ? new InlineKeyboard().webApp('Открыть панель', hubUrl)
        : new InlineKeyboard().text('Открыть панель', 'mq:op');
    await ctx.reply(queueText(await moderationCounts(em, viewer)), { reply_markup: keyboard });
  });

  composer.callbackQuery(CALLBACK_PATTERN.queue, async (ctx) => {
    if (!(await staffMember(deps.orm.em.fork(), ctx.from.id)))
      return void (await ctx.answerCallbackQuery({ text: MESSAGES.forbidden, show_alert: true }));
    try {
      await ctx.api.sendMessage(ctx.from.id, 'Панель модерации:', { reply_markup: new InlineKeyboard().webApp('Открыть панель', hubUrl) });
      await ctx.answerCallbackQuery({ text: 'Ссылка отправлена в личные сообщения' });
    } catch {
      await ctx.answerCallbackQuery({ text: 'Напишите боту /start в личных сообщениях, чтобы получать ссылки', show_alert: true });
    }
  });
  return composer;
}
