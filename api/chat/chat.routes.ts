import Router from '@koa/router';
import { archivedChats, chatListPage, searchChatsByName } from '../../db/chats/chat-list.repository';
import { setArchived } from '../../db/chats/read-state';
import type { EventBus } from '../../db/events/event-bus';
import { chatListQuerySchema, chatSearchQuerySchema, setArchivedBodySchema } from '../../contracts/chat';
import type { AppState } from '../context';
import type { Hub } from '../realtime/hub';
import { toChatListItem } from './chat-views';

/**
 * GET /api/chat/me (the list), GET /api/chat/archive (its summary), GET /api/chat/archived (its chats),
 * POST /api/chat/archive (move in or out), GET /api/chat/search (chats by the peer's name, for the desktop search box).
 */
export function createChatRouter(deps: { hub: Hub; bus: EventBus }): Router<AppState> {
  const router = new Router<AppState>({ sensitive: true });
  const isOnline = (id: number) => deps.hub.isOnline(id);

  router.get('/chat/me', async (ctx) => {
    const { cursor, limit } = chatListQuerySchema.parse(ctx.query);
    const page = await chatListPage(ctx.state.em, ctx.state.user.telegramId, { cursor, limit });
    ctx.body = { ok: true, items: page.chats.map((c) => toChatListItem(c, isOnline)), nextCursor: page.nextCursor };
  });

  router.get('/chat/archive', async (ctx) => {
    const { messageCount, chats } = await archivedChats(ctx.state.em, ctx.state.user.telegramId);
    ctx.body = { ok: true, messageCount, chatTitles: chats.map((c) => toChatListItem(c, isOnline).title) };
  });

  router.get('/chat/archived', async (ctx) => {
    const { chats } = await archivedChats(ctx.state.em, ctx.state.user.telegramId);
    ctx.body = { ok: true, items: chats.map((c) => toChatListItem(c, isOnline)) };
  });

  router.get('/chat/search', async (ctx) => {
    const { q } = chatSearchQuerySchema.parse(ctx.query);
    const chats = await searchChatsByName(ctx.state.em, ctx.state.user.telegramId, q);
    ctx.body = { ok: true, items: chats.map((c) => toChatListItem(c, isOnline)) };
  });

  router.post('/chat/archive', async (ctx) => {
    const { chatId, archived } = setArchivedBodySchema.parse(ctx.request.body ?? {});
    const me = ctx.state.user.telegramId;
    if (await setArchived(ctx.state.em, chatId, me, archived)) {
      // Archiving takes the chat out of the list; restoring puts it back.
      if (archived) deps.bus.publish({ name: 'chat.deleted', payload: { chatId, userIds: [me] } });
      else deps.bus.publish({ name: 'chat.updated', payload: { chatId, userIds: [me] } });
    }
    ctx.body = { ok: true, chatId: String(chatId), archived };
  });
  return router;
}
