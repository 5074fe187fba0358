import type { ChatAccess } from '../../db/chats/chat-access';
import type { KeyedQueue } from '../../db/chats/per-chat-queue';
import type { EventBus } from '../../db/events/event-bus';
import type { Logger } from '../../platform/logger';
import type { Orm } from '../../db/orm';
import type { Metrics } from '../../platform/metrics/metrics';
import type { Storage } from '../../db/media/storage';
import type { RateLimiters } from '../middleware/rate-limits';
import { subscribeChatPushes } from '../chat/chat.pushes';
import { ChatSubscriptions } from '../chat/chat-subscriptions';
import { createChatsChannel, presenceSnapshot } from '../chat/chats.channel';
import { createMessagesChannel } from '../chat/messages.channel';
import { SharedReads } from '../chat/shared-reads';
import { SOCKET_PATHS } from '../../contracts/realtime';
import { createExploreChannel } from '../explore/explore.channel';
import { createLikesChannel } from '../likes/likes.channel';
import { subscribeLikesPushes } from '../likes/likes.pushes';
import { subscribeBanDisconnects } from '../moderation/ban-pushes';
import { subscribeModerationPushes } from '../moderation/moderation.pushes';
import type { ChannelRegistry } from './channels';
import type { Hub } from './hub';

/** Where the features' socket channels and their pushes meet (the realtime table of contents). */
export function registerFeatureChannels(
  channels: ChannelRegistry,
  hub: Hub,
  bus: EventBus,
  deps: { orm: Orm; logger: Logger; limits: RateLimiters; chatSends: KeyedQueue<number>; metrics: Metrics; storage: Storage },
): () => void {
  const { limits } = deps;
  channels.handle('explore', createExploreChannel({ bus, limits, metrics: deps.metrics }));
  channels.handle('likes', createLikesChannel({ bus, limits }));
  channels.on(SOCKET_PATHS.likes, {
    onOpen: (socket) => socket.send({ ch: 'likes', t: 'hello', data: { userId: String(socket.userId) } }),
  });

  const subscriptions = new ChatSubscriptions();
  // A user's chats read once for the snapshot their opening socket is sent and their announcement to their peers.
  const chatReads = new SharedReads<number, ChatAccess[]>();
  channels.handle('chats', createChatsChannel({ hub }));
  channels.handle('messages', createMessagesChannel({ bus, hub, subscriptions, limits, sends: deps.chatSends, storage: deps.storage }));
  channels.on(SOCKET_PATHS.messages, {
    onOpen: async (socket, user, em) =>
      socket.send({ ch: 'chats', t: 'presenceSnapshot', data: await presenceSnapshot(em, hub, user.telegramId, chatReads) }),
    onClose: (socket) => subscriptions.drop(socket),
  });
  const unsubscribers = [
    subscribeLikesPushes(hub, bus),
    subscribeChatPushes({ hub, bus, subscriptions, chatReads, orm: deps.orm, logger: deps.logger }),
    subscribeBanDisconnects(hub, bus),
    subscribeModerationPushes({ hub, bus, orm: deps.orm, logger: deps.logger }),
  ];
  return () => unsubscribers.forEach((off) => off());
}
