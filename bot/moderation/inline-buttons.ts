import { conversations, createConversation } from '@grammyjs/conversations';
import { sequentialize } from '@grammyjs/runner';
import { Composer, InlineKeyboard, type CallbackQueryContext, type Context } from 'grammy';
import { MESSAGES } from '../../contracts/errors';
import { MODERATION_MESSAGES } from '../../contracts/moderation';
import { alreadyDecidedMessage, reportOutcome } from '../../contracts/moderation-outcome';
import { reviewerLabel } from '../../db/moderation/decided-refusal';
import { ModerationItem } from '../../db/moderation/moderation-item.entity';
import { Report } from '../../db/reports/report.entity';
import { REASON_CONVERSATION, moderationReasonConversation, type ModerationContext, type ReasonRequest } from './reason-conversation';
import type { BotDeps } from '../context';
import { BAN_PRESETS, REJECT_PRESETS } from '../../contracts/moderation-reasons';
import { blockKeyboard, CALLBACK_PATTERN, itemKeyboard, itemPanelUrl, rejectKeyboard, reportKeyboard, reportPanelUrl } from './keyboards';
import { showItemOutcome } from './item-posts';
import { decideItemAs, decideReportAs, staffMember } from './moderator-actions';
import { showReportOutcome } from './report-posts';
import { conversationKey, conversationStorage } from '../conversations/conversation-storage';

type Press = CallbackQueryContext<ModerationContext>;

/** Report buttons that decide at once: reject, warn the reported user, remove the reported message. */
const ONE_TAP_REPORT_ACTIONS: Partial<Record<string, 'REJECT' | 'WARN' | 'REMOVE_MESSAGE'>> = {
  rj: 'REJECT',
  wn: 'WARN',
  rm: 'REMOVE_MESSAGE',
};

/** The subject id, the action and (items) the version of a pressed button; 0 when a button had none. */
const pressed = (ctx: Press) => {
  const match = ctx.match as RegExpMatchArray;
  return [Number(match[1]), match[2] ?? '', Number(match[3] ?? 0)] as const;
};

const answer = (ctx: Press, text: string, alert = false) => ctx.answerCallbackQuery({ text: text.slice(0, 200), show_alert: alert });

/** In a group the panel link goes to the presser privately (web-app buttons work only there). */
async function sendPanelLink(ctx: Press, url: string): Promise<void> {
  try {
    await ctx.api.sendMessage(ctx.from.id, 'Открыть в панели модерации:', {
      reply_markup: new InlineKeyboard().webApp('Открыть в панели', url),
    });
    await answer(ctx, 'Ссылка отправлена в личные сообщения');
  } catch {
    await answer(ctx, 'Напишите боту /start в личных сообщениях, чтобы получать ссылки', true);
  }
}

/** The moderators' buttons on posts about items and reports; the presser's role is read from the database on every press. */
export function moderationFeature(deps: BotDeps): Composer<Context> {
  const composer = new Composer<ModerationContext>();
  // The runner handles updates concurrently: one person's next message waits until their state is stored.
  composer.use(sequentialize(conversationKey));
  composer.use(conversations({ storage: conversationStorage(deps.orm) }));
  composer.use(createConversation(moderationReasonConversation(deps), REASON_CONVERSATION));

  const typedReason = async (ctx: Press, request: ReasonRequest) => {
    await ctx.conversation.exit(REASON_CONVERSATION);
    await ctx.conversation.enter(REASON_CONVERSATION, request);
    await answer(ctx, 'Напишите причину сообщением');
  };

  composer.callbackQuery(CALLBACK_PATTERN.item, async (ctx) => {
    const [id, action, version] = pressed(ctx);
    const em = deps.orm.em.fork();
    if (!(await staffMember(em, ctx.from.id))) return answer(ctx, MESSAGES.forbidden, true);
    const item = await em.findOne(ModerationItem, { id });
    if (!item) return answer(ctx, 'Заявка не найдена', true);
    if (item.status !== 'PENDING') {
      await showItemOutcome({ ...deps, api: ctx.api }, id);
      return answer(
        ctx,
        alreadyDecidedMessage({
          outcome: item.status,
          reviewerLabel: await reviewerLabel(em, item.reviewerId ?? null),
          resolvedAt: item.resolvedAt ?? null,
        }),
        true,
      );
    }
    const url = itemPanelUrl(deps.publicUrl, id, item.type);
    if (action === 'op') return sendPanelLink(ctx, url);
    // The post is older than the item: its fresh post goes out on the item's update.
    if (version !== item.version) return answer(ctx, MODERATION_MESSAGES.itemChanged, true);
    const preset = /^n(\d)$/.exec(action)?.[1];
    if (action === 'ok') {
      const approved = await decideItemAs(deps, ctx.from.id, { itemId: id, version, status: 'APPROVED', from: 'bot' });
      return answer(ctx, approved.text, !approved.ok);
    }
    if (preset !== undefined && REJECT_PRESETS[Number(preset)]) {
      return answer(
        ctx,
        (
          await decideItemAs(deps, ctx.from.id, {
            itemId: id,
            version,
            status: 'REJECTED',
            reason: REJECT_PRESETS[Number(preset)],
            from: 'bot',
          })
        ).text,
      );
    }
    if (action === 'no') await ctx.editMessageReplyMarkup({ reply_markup: rejectKeyboard(id, version) });
    if (action === 'bk') await ctx.editMessageReplyMarkup({ reply_markup: itemKeyboard(ctx.chat?.id ?? ctx.from.id, id, version, url) });
    if (action === 'nt') return typedReason(ctx, { subject: 'item', id, version });
    return answer(ctx, '');
  });

  composer.callbackQuery(CALLBACK_PATTERN.report, async (ctx) => {
    const [id, action] = pressed(ctx);
    const em = deps.orm.em.fork();
    if (!(await staffMember(em, ctx.from.id))) return answer(ctx, MESSAGES.forbidden, true);
    const report = await em.findOne(Report, { id });
    if (!report) return answer(ctx, 'Жалоба не найдена', true);
    if (report.status !== 'PENDING') {
      await showReportOutcome({ ...deps, api: ctx.api }, id);
      return answer(
        ctx,
        alreadyDecidedMessage({
          outcome: reportOutcome(report.status),
          reviewerLabel: await reviewerLabel(em, report.reviewerId ?? null),
          resolvedAt: report.resolvedAt ?? null,
        }),
        true,
      );
    }
    const url = reportPanelUrl(deps.publicUrl, id);
    const preset = /^b(\d)$/.exec(action)?.[1];
    const oneTap = ONE_TAP_REPORT_ACTIONS[action];
    if (oneTap) return answer(ctx, (await decideReportAs(deps, ctx.from.id, { reportId: id, action: oneTap, reason: null })).text);
    if (preset !== undefined && BAN_PRESETS[Number(preset)]) {
      return answer(
        ctx,
        (await decideReportAs(deps, ctx.from.id, { reportId: id, action: 'BLOCK', reason: BAN_PRESETS[Number(preset)]! })).text,
      );
    }
    if (action === 'bl') await ctx.editMessageReplyMarkup({ reply_markup: blockKeyboard(id) });
    if (action === 'bk')
      await ctx.editMessageReplyMarkup({
        reply_markup: reportKeyboard(ctx.chat?.id ?? ctx.from.id, id, url, report.reportType === 'MESSAGE' && !!report.messageId),
      });
    if (action === 'bt') return typedReason(ctx, { subject: 'report', id });
    if (action === 'op') return sendPanelLink(ctx, url);
    return answer(ctx, '');
  });
  // The conversations plugin adds ctx.conversation to the updates passing through this composer.
  return composer as unknown as Composer<Context>;
}
