import { chatAccessesOf, type ChatAccess } from '../../db/chats/chat-access';
import { chatSummary } from '../../db/chats/chat-list.repository';
import type { EventBus } from '../../db/events/event-bus';
import type { Logger } from '../../platform/logger';
import type { Orm } from '../../db/orm';
import { recordLastSeen } from '../../db/users/users.service';
import { SOCKET_PATHS } from '../../contracts/realtime';
import type { Hub } from '../realtime/hub';
import { subscribeChatActivityPushes } from './chat-activity.pushes';
import type { ChatSubscriptions } from './chat-subscriptions';
import type { SharedReads } from './shared-reads';
import { peerPresence, previewOf, toChatInfo, toChatListItem, toMessageView } from './chat-views';

export interface ChatPushDeps {
  hub: Hub;
  bus: EventBus;
  orm: Orm;
  logger: Logger;
  subscriptions: ChatSubscriptions;
  /** The user's chats as read for presence, shared with the presence snapshot read at the same moment. */
  chatReads: SharedReads<number, ChatAccess[]>;
}

const PATH = SOCKET_PATHS.messages;

/** Live pushes on /ws/messages: new messages, chat list changes and the peers' presence. */
export function subscribeChatPushes(deps: ChatPushDeps): () => void {
  const { hub, bus, subscriptions } = deps;
  const isOnline = (id: number) => hub.isOnline(id);

  // Announced as they come: they come in seq order (postMessage announces one chat's messages one at a time,
  // db/chats/per-chat-queue.ts), and sockets send in the order they are given.
  const offMessage = bus.on('message.created', ({ message, memberIds, minors = true }) => {
    const chatId = String(message.chatId);
    const preview = { last: previewOf(message), time: message.createdAt.toISOString() };
    for (const userId of memberIds) {
      hub.sendToUser(
        userId,
        { ch: 'chats', t: 'newMessage', data: { chatId, message: toMessageView(message, userId, minors), preview } },
        PATH,
      );
    }
    subscriptions.send(message.chatId, (socket) => ({
      ch: 'messages',
      t: 'message',
      data: { chatId, message: toMessageView(message, socket.userId, minors) },
    }));
  });

  // A chat row as one member sees it now: to their list (created/updated) and to their open chat screens.
  const pushChat = async (chatId: number, userId: number, t: 'chatCreated' | 'chatUpdated') => {
    if (!hub.isOnline(userId)) return;
    const summary = await chatSummary(deps.orm.em.fork(), userId, chatId);
    if (!summary) return;
    hub.sendToUser(userId, { ch: 'chats', t, data: { chat: toChatListItem(summary, isOnline) } }, PATH);
    subscriptions.send(chatId, () => ({ ch: 'messages', t: 'chat_info', data: toChatInfo(summary, isOnline) }), userId);
  };
  const offMatch = bus.on('match.created', async ({ userIds, chatId }) => {
    await Promise.all(userIds.map((id) => pushChat(chatId, id, 'chatCreated')));
  });
  const offUpdated = bus.on('chat.updated', async ({ chatId, userIds }) => {
    await Promise.all(userIds.map((id) => pushChat(chatId, id, 'chatUpdated')));
  });
  const offDeleted = bus.on('chat.deleted', ({ chatId, userIds }) => {
    for (const id of userIds) hub.sendToUser(id, { ch: 'chats', t: 'chatDeleted', data: { chatId: String(chatId) } }, PATH);
  });

  const offActivity = subscribeChatActivityPushes(bus, subscriptions);
  let stopped = false;
  const offPresence = hub.onPresence((userId) => {
    // After shutdown began the database may be closing under an announcement still on its way: not an error.
    announcePresence(deps, userId).catch((err: unknown) => stopped || deps.logger.error('presence push failed', { err, userId }));
  });
  // Written by the process that lost the user's last socket, not by every process that hears of it.
  const offLeave = hub.onLeave((userId) => {
    recordLastSeen(deps.orm.em.fork(), userId, new Date()).catch(
      (err: unknown) => stopped || deps.logger.error('last seen not recorded', { err, userId }),
    );
  });

  return () => {
    stopped = true;
    [offMessage, offMatch, offUpdated, offDeleted, offActivity, offPresence, offLeave].forEach((off) => off());
  };
}

/** userOnline/userOffline to the peers who are connected (and `presence` on their open chat screens). */
async function announcePresence(deps: ChatPushDeps, userId: number): Promise<void> {
  const em = deps.orm.em.fork();
  const now = new Date();
  for (const chat of await deps.chatReads.read(userId, () => chatAccessesOf(em, userId, now))) {
    if (chat.peerId === null || chat.readOnly || !deps.hub.isOnline(chat.peerId)) continue;
    // The state at sending time: of two quick flips, the later announcement always tells the truth.
    const online = deps.hub.isOnline(userId);
    const data = { ...peerPresence({ ...chat, peerId: userId, peerLastSeenAt: now }, () => online, now), userId: String(userId) };
    deps.hub.sendToUser(chat.peerId, { ch: 'chats', t: online ? 'userOnline' : 'userOffline', data }, PATH);
    deps.subscriptions.send(chat.chatId, () => ({ ch: 'messages', t: 'presence', data }), chat.peerId);
  }
}
