import Router from '@koa/router';
import { chatAccessesOf, chatNotFound, loadChatAccess } from '../../db/chats/chat-access';
import { chatSummary } from '../../db/chats/chat-list.repository';
import { messagesBefore } from '../../db/chats/messages.repository';
import { postMessage, type MessageContent } from '../../db/chats/messages.service';
import { totalUnread } from '../../db/chats/read-state';
import type { KeyedQueue } from '../../db/chats/per-chat-queue';
import type { EventBus } from '../../db/events/event-bus';
import {
  chatIdQuerySchema,
  historyQuerySchema,
  markReadBodySchema,
  onlineStatusQuerySchema,
  sendImageBodySchema,
  sendStickerBodySchema,
} from '../../contracts/chat';
import type { AppContext, AppState } from '../context';
import type { RateLimiters } from '../middleware/rate-limits';
import type { Hub } from '../realtime/hub';
import { peerPresence, toChatInfo, toMessageView } from './chat-views';
import { markChatRead } from './mark-read';

/** /api/messages/*: chat header, history, presence, read marks, photo and sticker sends. */
export function createMessagesRouter(deps: { hub: Hub; bus: EventBus; limits: RateLimiters; sends: KeyedQueue<number> }): Router<AppState> {
  const router = new Router<AppState>({ sensitive: true });
  const isOnline = (id: number) => deps.hub.isOnline(id);

  router.get('/messages/chat-info', async (ctx) => {
    const { chatId } = chatIdQuerySchema.parse(ctx.query);
    const summary = await chatSummary(ctx.state.em, ctx.state.user.telegramId, chatId);
    if (!summary) throw chatNotFound();
    ctx.body = { ok: true, ...toChatInfo(summary, isOnline) };
  });

  router.get('/messages/history', async (ctx) => {
    const { chatId, cursor, limit } = historyQuerySchema.parse(ctx.query);
    const me = ctx.state.user.telegramId;
    const access = await loadChatAccess(ctx.state.em, chatId, me);
    const page = await messagesBefore(ctx.state.em, chatId, cursor ?? null, limit);
    const oldest = page.messages[0];
    ctx.body = {
      ok: true,
      chatId: String(chatId),
      messages: page.messages.map((m) => toMessageView(m, me, access.minors)),
      nextCursor: page.hasMore && oldest ? String(oldest.seq) : null,
    };
  });

  router.get('/messages/users-online-status', async (ctx) => {
    const { chatIds } = onlineStatusQuerySchema.parse(ctx.query);
    const wanted = new Set(chatIds);
    const chats = (await chatAccessesOf(ctx.state.em, ctx.state.user.telegramId)).filter((c) => wanted.has(c.chatId));
    const users = chats
      .map((c) => peerPresence(c, isOnline))
      .map(({ chatId, isOnline: online, lastSeen }) => ({ chatId, isOnline: online, lastSeen }));
    ctx.body = { ok: true, users };
  });

  router.get('/messages/total-unread-count', async (ctx) => {
    ctx.body = { ok: true, totalUnreadCount: await totalUnread(ctx.state.em, ctx.state.user.telegramId) };
  });

  router.post('/messages/mark-as-read', async (ctx) => {
    const { chatId, seq } = markReadBodySchema.parse(ctx.request.body ?? {});
    ctx.body = { ok: true, ...(await markChatRead(ctx.state.em, deps.bus, ctx.state.user.telegramId, chatId, seq)) };
  });

  const send = async (ctx: AppContext, input: { chatId: number; clientId?: string; replyToId?: number; content: MessageContent }) => {
    const me = ctx.state.user.telegramId;
    const posted = await postMessage(ctx.state.em, deps.bus, {
      ...input,
      senderId: me,
      clientId: input.clientId ?? null,
      admit: () => deps.limits.messages.hit(me),
      sends: deps.sends,
    });
    ctx.body = { ok: true, message: toMessageView(posted.message, me, posted.minors), duplicate: posted.duplicate };
  };

  router.post('/messages/send-image', async (ctx) => {
    const { chatId, imageId, caption, clientId, replyToId } = sendImageBodySchema.parse(ctx.request.body ?? {});
    await send(ctx, { chatId, clientId, replyToId, content: { type: 'PHOTO', imageId, caption } });
  });

  router.post('/messages/send-sticker', async (ctx) => {
    const { chatId, stickerId, clientId, replyToId } = sendStickerBodySchema.parse(ctx.request.body ?? {});
    await send(ctx, { chatId, clientId, replyToId, content: { type: 'STICKER', stickerId } });
  });
  return router;
}
