import type { EventBus } from '../../db/events/event-bus';
import type { ChatSubscriptions } from './chat-subscriptions';
import { toMessageView } from './chat-views';

/** Pushes to open chat screens only: a deleted message, the peer's read mark (✓✓) and 'печатает…'. */
export function subscribeChatActivityPushes(bus: EventBus, subscriptions: ChatSubscriptions): () => void {
  const offDeleted = bus.on('message.deleted', ({ message, minors }) => {
    const chatId = String(message.chatId);
    subscriptions.send(message.chatId, (socket) => ({
      ch: 'messages',
      t: 'message',
      data: { chatId, message: toMessageView(message, socket.userId, minors) },
    }));
  });
  const offRead = bus.on('chat.read', ({ chatId, readerId, lastReadSeq }) => {
    const data = { chatId: String(chatId), readerId: String(readerId), lastReadSeq };
    subscriptions.send(
      chatId,
      () => ({ ch: 'messages', t: 'read', data }),
      (userId) => userId !== readerId,
    );
  });
  const offTyping = bus.on('chat.typing', ({ chatId, userId, peerId }) => {
    subscriptions.send(chatId, () => ({ ch: 'messages', t: 'typing', data: { chatId: String(chatId), userId: String(userId) } }), peerId);
  });
  return () => [offDeleted, offRead, offTyping].forEach((off) => off());
}
