import type { EntityManager } from '@mikro-orm/postgresql';
import { PRIVACY_MESSAGES } from '../../api/contracts/privacy';
import { recordAudit } from '../audit/audit.service';
import { inTransaction, type EventBus } from '../events/event-bus';
import type { Logger } from '../logger';
import { imagePrefix } from '../media/renditions';
import type { Storage } from '../media/storage';
import { enqueueImageFileRemoval } from '../jobs/delete-image-files.job';
import { query } from '../sql';
import { refuseLastAdmin } from '../users/last-admin';

/** Deleted by an admin rather than by the user: who, why, and the refusal text of the admin panel. */
export interface DeletionByAdmin {
  actorId: number;
  reason: string | null;
  lastAdminMessage: string;
}

/** Chats lose the user's messages; their pair keys are freed (they name the user); chats nobody is left in go. */
async function leaveChats(tx: EntityManager, userId: number): Promise<Array<{ chatId: number; peerId: number }>> {
  const peers = await query<{ chat_id: string; peer_id: string }>(
    tx,
    'SELECT me.chat_id, peer.user_id AS peer_id FROM chat_members me JOIN chat_members peer ON peer.chat_id = me.chat_id AND peer.user_id <> me.user_id WHERE me.user_id = ?',
    [userId],
  );
  await query(tx, 'DELETE FROM messages WHERE sender_id = ?', [userId]);
  await query(tx, `UPDATE chats SET pair_key = 'deleted:' || id WHERE id IN (SELECT chat_id FROM chat_members WHERE user_id = ?)`, [userId]);
  await query(tx, 'DELETE FROM chats c WHERE c.id IN (SELECT chat_id FROM chat_members WHERE user_id = ?) AND NOT EXISTS (SELECT 1 FROM chat_members o WHERE o.chat_id = c.id AND o.user_id <> ?)', [userId, userId]);
  return peers.map((p) => ({ chatId: Number(p.chat_id), peerId: Number(p.peer_id) }));
}

/** Moderation records stay with the bare Telegram id: queued items go (their ids returned), decided ones lose their content. */
async function scrubModeration(tx: EntityManager, userId: number): Promise<number[]> {
  const queued = await query<{ id: string }>(tx, `DELETE FROM moderation_items WHERE user_id = ? AND status = 'PENDING' RETURNING id`, [userId]);
  await query(tx, `UPDATE moderation_items SET payload = '{"accountDeleted": true}'::jsonb WHERE user_id = ?`, [userId]);
  // A reported message of theirs was snapshotted: the snapshot goes with their messages.
  await query(tx, `UPDATE reports SET context = context - 'text' - 'photoImageId' WHERE reported_user_id = ? AND report_type = 'MESSAGE'`, [userId]);
  return queued.map((row) => Number(row.id));
}

/**
 * Deletes the account (AMENDMENTS §3): profile, photos and their files, likes, matches, the user's own blacklist,
 * settings, sticker packs and the user's messages, in one transaction that also queues the removal of the image
 * files (removed at once too, when storage answers). Peers keep the chat,
 * titled 'Удалённый аккаунт'. Moderation items, reports, the audit log and others' blocks of the user keep the Telegram id only.
 */
export async function deleteAccount(em: EntityManager, deps: { bus: EventBus; storage: Storage; logger: Logger }, userId: number, byAdmin?: DeletionByAdmin): Promise<void> {
  const imageIds = await inTransaction(em, deps.bus, async (tx, emit) => {
    // Someone must be left to run the product.
    await refuseLastAdmin(tx, userId, byAdmin?.lastAdminMessage ?? PRIVACY_MESSAGES.lastAdmin);
    const images = await query<{ id: string }>(tx, 'SELECT id FROM images WHERE owner_telegram_id = ?', [userId]);
    for (const { id } of images) await enqueueImageFileRemoval(tx, id);
    const chats = await leaveChats(tx, userId);
    const itemIds = await scrubModeration(tx, userId);
    await query(tx, 'DELETE FROM notification_marks WHERE user_id = ?', [userId]);
    // Everything else that names the user goes with the row (foreign keys cascade).
    await query(tx, 'DELETE FROM users WHERE telegram_id = ?', [userId]);
    if (byAdmin) recordAudit(tx, { actorId: byAdmin.actorId, action: 'user.delete', targetType: 'user', targetId: userId, details: { reason: byAdmin.reason } });
    else recordAudit(tx, { actorId: userId, action: 'account.deleted', targetType: 'User', targetId: userId });
    await tx.flush();
    for (const { chatId, peerId } of chats) emit({ name: 'chat.updated', payload: { chatId, userIds: [peerId] } });
    emit({ name: 'account.deleted', payload: { userId, itemIds } });
    return images.map((i) => i.id);
  });
  // At once when storage answers; the queued jobs make sure of it otherwise.
  for (const id of imageIds) {
    await deps.storage.delete(imagePrefix(id)).catch((err: unknown) => deps.logger.warn('image files of a deleted account left to the queue', { id, err }));
  }
}
