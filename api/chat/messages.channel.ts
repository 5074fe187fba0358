import { chatNotFound, loadChatAccess, type ChatAccess } from '../../db/chats/chat-access';
import { deleteOwnMessage } from '../../db/chats/delete-message';
import { chatSummary } from '../../db/chats/chat-list.repository';
import { messagesAfter, messagesBefore } from '../../db/chats/messages.repository';
import { postMessage } from '../../db/chats/messages.service';
import type { KeyedQueue } from '../../db/chats/per-chat-queue';
import type { EventBus } from '../../db/events/event-bus';
import type { Storage } from '../../db/media/storage';
import { CATCH_UP_LIMIT, CHAT_MESSAGES, HISTORY_PAGE_SIZE, messagesRequests } from '../../contracts/chat';
import type { RateLimiters } from '../middleware/rate-limits';
import type { Hub } from '../realtime/hub';
import type { ChannelContext, ChannelHandler } from '../realtime/channels';
import type { ChatSubscriptions } from './chat-subscriptions';
import { peerPresence, toChatInfo, toMessageView } from './chat-views';
import { markChatRead } from './mark-read';
import { TypingThrottle } from './typing-throttle';

export interface MessagesChannelDeps {
  bus: EventBus;
  /** Image files: a deleted message's photo goes from here at once. */
  storage: Storage;
  hub: Hub;
  subscriptions: ChatSubscriptions;
  /** Sends count in `messages`, with the HTTP photo and sticker sends. */
  limits: RateLimiters;
  /** The app's per-chat send queue, shared with the HTTP sends (announced in seq order). */
  sends: KeyedQueue<number>;
  typing?: TypingThrottle;
}

/**
 * The access of each chat a socket has open, as its subscribe (or its last send) read it: a send takes it instead of
 * reading it again, its statement checking it still holds (postMessage's `known`, issue 42). Kept while the chat is
 * open, so no more than a socket's subscriptions, and gone with the socket.
 */
class OpenChats {
  private readonly bySocket = new WeakMap<object, Map<number, ChatAccess>>();

  remember(socket: object, access: ChatAccess): void {
    this.bySocket.set(socket, (this.bySocket.get(socket) ?? new Map<number, ChatAccess>()).set(access.chatId, access));
  }

  access(socket: object, chatId: number): ChatAccess | undefined {
    return this.bySocket.get(socket)?.get(chatId);
  }

  /** A newer read of a chat the socket has open (a send's); nothing for one it has not. */
  update(socket: object, access: ChatAccess): void {
    const chats = this.bySocket.get(socket);
    if (chats?.has(access.chatId)) chats.set(access.chatId, access);
  }

  forget(socket: object, chatId: number): void {
    this.bySocket.get(socket)?.delete(chatId);
  }
}

/**
 * ch:'messages' — subscribe (catch-up after `afterSeq`, then live `message` pushes), unsubscribe,
 * send (ack `sent` with the stored message), mark_read, chat_info, typing, delete. Membership is checked on each.
 */
export function createMessagesChannel(deps: MessagesChannelDeps): ChannelHandler {
  const isOnline = (id: number) => deps.hub.isOnline(id);
  const throttle = deps.typing ?? new TypingThrottle();
  const opened = new OpenChats();

  // Relayed only between members who may still write each other; over the limit it is dropped. Answered only when asked (a cid).
  async function typing({ em, user, message, reply }: ChannelContext): Promise<void> {
    const { chatId } = messagesRequests.typing.parse(message.data);
    const access = await loadChatAccess(em, chatId, user.telegramId);
    const relayed = access.readOnly === null && access.peerId !== null && throttle.admit(user.telegramId, chatId);
    if (relayed) deps.bus.publish({ name: 'chat.typing', payload: { chatId, userId: user.telegramId, peerId: access.peerId! } });
    if (message.cid) reply('typing_ack', { chatId: String(chatId), relayed });
  }

  async function remove({ em, user, message, reply }: ChannelContext): Promise<void> {
    const { chatId, messageId } = messagesRequests.delete.parse(message.data);
    const deleted = await deleteOwnMessage(em, deps, { chatId, messageId, meId: user.telegramId });
    reply('deleted', { chatId: String(chatId), message: toMessageView(deleted.message, user.telegramId, deleted.minors) });
  }

  async function subscribe({ em, user, socket, message, reply }: ChannelContext): Promise<void> {
    const { chatId, afterSeq } = messagesRequests.subscribe.parse(message.data);
    const access = await loadChatAccess(em, chatId, user.telegramId);
    // Registered before the catch-up is read, so nothing committed in between is missed (duplicates are fine: seq).
    deps.subscriptions.add(socket, chatId);
    opened.remember(socket, access);
    // The peer's presence as of now: the app subscribes once the chat's info is read, and a change between that read
    // and this subscription reached no open screen of this chat (its ch:'chats' push may have come before the info).
    socket.send({ ch: 'messages', t: 'presence', data: peerPresence(access, isOnline) });
    const page =
      afterSeq === undefined
        ? { ...(await messagesBefore(em, chatId, null, HISTORY_PAGE_SIZE)), hasMore: false }
        : await messagesAfter(em, chatId, afterSeq, CATCH_UP_LIMIT);
    const lastSeq = page.messages.at(-1)?.seq ?? access.lastSeq;
    reply('subscribed', {
      chatId: String(chatId),
      lastSeq: Math.max(lastSeq, access.lastSeq),
      messages: page.messages.map((m) => toMessageView(m, user.telegramId, access.minors)),
      hasMore: page.hasMore,
    });
  }

  async function send({ em, user, socket, message, reply }: ChannelContext): Promise<void> {
    const { chatId, text, clientId, replyToId } = messagesRequests.send.parse(message.data);
    const posted = await postMessage(em, deps.bus, {
      chatId,
      senderId: user.telegramId,
      clientId,
      content: { type: 'TEXT', text },
      replyToId,
      admit: () => deps.limits.messages.hit(user.telegramId),
      sends: deps.sends,
      known: opened.access(socket, chatId),
    });
    opened.update(socket, posted.access);
    reply('sent', { message: toMessageView(posted.message, user.telegramId, posted.minors), duplicate: posted.duplicate });
  }

  async function chatInfo({ em, user, message, reply }: ChannelContext): Promise<void> {
    const { chatId } = messagesRequests.chat_info.parse(message.data);
    const summary = await chatSummary(em, user.telegramId, chatId);
    if (!summary) throw chatNotFound();
    reply('chat_info', toChatInfo(summary, isOnline));
  }

  return async (ctx) => {
    switch (ctx.message.t) {
      case 'subscribe':
        return subscribe(ctx);
      case 'unsubscribe': {
        const { chatId } = messagesRequests.unsubscribe.parse(ctx.message.data);
        deps.subscriptions.remove(ctx.socket, chatId);
        opened.forget(ctx.socket, chatId);
        return ctx.reply('unsubscribed', { chatId: String(chatId) });
      }
      case 'send':
        return send(ctx);
      case 'mark_read': {
        const { chatId, seq } = messagesRequests.mark_read.parse(ctx.message.data);
        return ctx.reply('read', await markChatRead(ctx.em, deps.bus, ctx.user.telegramId, chatId, seq));
      }
      case 'chat_info':
        return chatInfo(ctx);
      case 'typing':
        return typing(ctx);
      case 'delete':
        return remove(ctx);
      default:
        return ctx.reply('error', { message: CHAT_MESSAGES.unknownRequest });
    }
  };
}
