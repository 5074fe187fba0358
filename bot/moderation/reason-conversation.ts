import type { Conversation, ConversationFlavor } from '@grammyjs/conversations';
import type { Context } from 'grammy';
import { fittingReason, REASON_MAX, REASON_MIN } from '../../contracts/moderation-reasons';
import { decideItemAs, decideReportAs, type ActionDeps } from './moderator-actions';

export const REASON_CONVERSATION = 'moderationReason';
export type ModerationContext = ConversationFlavor<Context>;

/** Which decision the typed reason is for. */
export interface ReasonRequest {
  subject: 'item' | 'report';
  id: number;
  /** Items: the version the post showed (the decision is refused if the item changed meanwhile). */
  version?: number;
}

const WAIT_MS = 10 * 60_000;
const ATTEMPTS = 3;

const prompt = ({ subject, id }: ReasonRequest) =>
  subject === 'item'
    ? `Напишите причину отказа по заявке #${id} (от ${REASON_MIN} до ${REASON_MAX} символов). /cancel — отмена.`
    : `Напишите причину блокировки по жалобе #${id} (от ${REASON_MIN} до ${REASON_MAX} символов). /cancel — отмена.`;

// One rule for every reason (a rejection or a ban): the server checks it again.
const fits = (text: string) => fittingReason(text) !== null;

/** 'Своя причина': the moderator types the reason; the decision itself runs outside the replayed part. */
export function moderationReasonConversation(deps: ActionDeps) {
  return async function moderationReason(
    conversation: Conversation<ModerationContext, Context>,
    ctx: Context,
    request: ReasonRequest,
  ): Promise<void> {
    const moderatorId = ctx.from!.id;
    // In a group the bot (privacy mode) only sees replies to it: force_reply makes the answer one.
    const inGroup = (ctx.chat?.id ?? moderatorId) < 0;
    const ask = (to: Context) =>
      to.reply(prompt(request), inGroup ? { reply_markup: { force_reply: true, input_field_placeholder: 'Причина' } } : {});
    await ask(ctx);
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      // Anything else (a button, another person) goes on to the other handlers.
      const answer = await conversation.waitFrom(moderatorId, { maxMilliseconds: WAIT_MS, next: true }).andFor(':text', { next: true });
      const text = answer.msg.text.trim();
      if (text.startsWith('/')) {
        await answer.reply('Отменено.');
        return;
      }
      if (!fits(text)) {
        await ask(answer);
        continue;
      }
      const result = await conversation.external(() =>
        request.subject === 'item'
          ? decideItemAs(deps, moderatorId, {
              itemId: request.id,
              version: request.version ?? 0,
              status: 'REJECTED',
              reason: text,
              from: 'bot',
            })
          : decideReportAs(deps, moderatorId, { reportId: request.id, action: 'BLOCK', reason: text }),
      );
      await answer.reply(result.ok ? `Готово: ${result.text}` : result.text);
      return;
    }
  };
}
