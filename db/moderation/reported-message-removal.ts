import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ChatMember } from '../chats/chat-member.entity';
import { Message } from '../chats/message.entity';
import type { Emit } from '../events/event-bus';

/**
 * Removes a reported message for both sides, the way a sender's own deletion does: the row stays with its
 * seq (the chat shows 'Сообщение удалено'), what it said is gone (the report keeps its own snapshot).
 * False when it was gone already (auto-delete, its sender, an earlier decision).
 */
export async function removeReportedMessage(tx: EntityManager, emit: Emit, messageId: number): Promise<boolean> {
  const message = await tx.findOne(Message, { id: messageId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  if (!message || message.deletedAt) return false;
  tx.assign(message, { text: null, photo: null, sticker: null, deletedAt: new Date() });
  const members = await tx.find(ChatMember, { chat: message.chat });
  // The chat list's last line and unread counts change for both members.
  emit({ name: 'chat.updated', payload: { chatId: message.chat, userIds: members.map((m) => m.user) } });
  return true;
}
