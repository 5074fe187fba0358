import type { EntityManager } from '@mikro-orm/postgresql';
import { CHAT_MESSAGES } from '../../contracts/chat';
import { AppError } from '../../contracts/errors';
import type { EventBus } from '../events/event-bus';
import { sqlOf } from '../kysely';
import type { Storage } from '../media/storage';
import { loadChatAccess } from './chat-access';
import type { MessageRecord } from './message-record';
import { messageInChat } from './messages.repository';
import { withdrawPhotos } from './withdrawn-photos';

/**
 * Deletes the caller's own message for both members (the row stays, emptied by every view, so both see
 * 'Сообщение удалено' in its place; reports keep their snapshot). Its photo stops being served at once: deleted, or
 * kept for staff while an open report holds it (withdrawPhotos). Deleting it again changes nothing.
 */
export async function deleteOwnMessage(
  em: EntityManager,
  deps: { bus: EventBus; storage?: Storage },
  input: { chatId: number; messageId: number; meId: number; now?: Date },
): Promise<{ message: MessageRecord; minors: boolean }> {
  const { bus } = deps;
  const now = input.now ?? new Date();
  const access = await loadChatAccess(em, input.chatId, input.meId, now);
  const target = await messageInChat(em, input.chatId, input.messageId);
  if (!target) throw new AppError('NOT_FOUND', CHAT_MESSAGES.messageNotFound);
  if (target.senderId !== input.meId) throw new AppError('FORBIDDEN', CHAT_MESSAGES.deleteNotOwn);
  if (target.deletedAt) return { message: target, minors: access.minors };
  const row = await sqlOf(em)
    .updateTable('messages')
    .set({ deleted_at: now, photo_image_id: null })
    .where('id', '=', target.id)
    .where('deleted_at', 'is', null)
    .returning('deleted_at')
    .executeTakeFirst();
  const message = { ...target, deletedAt: row?.deleted_at ? new Date(row.deleted_at) : now };
  if (row) {
    if (target.photoImageId) await withdrawPhotos(em, deps.storage, [target.photoImageId]);
    const memberIds = access.peerId === null ? [input.meId] : [input.meId, access.peerId];
    bus.publish({ name: 'message.deleted', payload: { message, memberIds, minors: access.minors } });
    // The list's last-message preview may have been this one.
    bus.publish({ name: 'chat.updated', payload: { chatId: input.chatId, userIds: memberIds } });
  }
  return { message, minors: access.minors };
}
