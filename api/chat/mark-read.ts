import type { EntityManager } from '@mikro-orm/postgresql';
import { markRead, totalUnread, unreadInChat } from '../../db/chats/read-state';
import type { EventBus } from '../../db/events/event-bus';

/** Marks the chat read up to `seq`, tells the reader's other screens (their list's unread badge) and, when it moved and neither has blocked the other, the peer (✓✓). */
export async function markChatRead(em: EntityManager, bus: EventBus, meId: number, chatId: number, seq?: number) {
  const { lastReadSeq, moved, blocked } = await markRead(em, chatId, meId, seq);
  const unreadCount = await unreadInChat(em, chatId, meId);
  const totalUnreadCount = await totalUnread(em, meId);
  bus.publish({ name: 'chat.updated', payload: { chatId, userIds: [meId] } });
  // A block stops the read mark (✓✓) too, as it stops typing and presence (AMENDMENTS §3 Blocking).
  if (moved && !blocked) bus.publish({ name: 'chat.read', payload: { chatId, readerId: meId, lastReadSeq } });
  return { chatId: String(chatId), lastReadSeq, unreadCount, totalUnreadCount };
}
