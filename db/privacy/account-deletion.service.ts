import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { PRIVACY_MESSAGES } from '../../contracts/privacy';
import { recordAudit } from '../audit/audit.service';
import { inTransaction, type EventBus } from '../events/event-bus';
import type { Logger } from '../../platform/logger';
import { imagePrefix } from '../media/renditions';
import type { Storage } from '../media/storage';
import { enqueueImageFileRemoval } from '../jobs/delete-image-files.job';
import { sqlOf } from '../kysely';
import { refuseLastAdmin } from '../users/last-admin';
import { User } from '../users/user.entity';
import { ModerationItem } from '../moderation/moderation-item.entity';

/** Deleted by an admin rather than by the user: who, why, and the refusal text of the admin panel. */
export interface DeletionByAdmin {
  actorId: number;
  reason: string | null;
  lastAdminMessage: string;
}

/** Chats lose the user's messages; their pair keys are freed (they name the user); chats nobody is left in go. */
async function leaveChats(tx: EntityManager, userId: number): Promise<Array<{ chatId: number; peerId: number }>> {
  const db = sqlOf(tx);
  const peers = await db
    .selectFrom('chat_members as me')
    .innerJoin('chat_members as peer', (join) => join.onRef('peer.chat_id', '=', 'me.chat_id').onRef('peer.user_id', '<>', 'me.user_id'))
    .select(['me.chat_id', 'peer.user_id as peer_id'])
    .where('me.user_id', '=', userId)
    .execute();
  const theirChats = db.selectFrom('chat_members').select('chat_id').where('user_id', '=', userId);
  await db.deleteFrom('messages').where('sender_id', '=', userId).execute();
  await db
    .updateTable('chats')
    .set({ pair_key: sql<string>`'deleted:' || id` })
    .where('id', 'in', theirChats)
    .execute();
  await db
    .deleteFrom('chats as c')
    .where('c.id', 'in', theirChats)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('chat_members as o').select(sql.lit(1).as('one')).whereRef('o.chat_id', '=', 'c.id').where('o.user_id', '<>', userId),
        ),
      ),
    )
    .execute();
  return peers.map((p) => ({ chatId: Number(p.chat_id), peerId: Number(p.peer_id) }));
}

/** Moderation records stay with the bare Telegram id: queued items go (their ids returned), decided ones lose their content. */
async function scrubModeration(tx: EntityManager, userId: number): Promise<number[]> {
  const items = await tx.find(ModerationItem, { userId });
  const queued = items.filter((item) => item.status === 'PENDING');
  for (const item of items) {
    if (item.status === 'PENDING') tx.remove(item);
    else item.payload = { accountDeleted: true };
  }
  await tx.flush();
  const db = sqlOf(tx);
  // A reported message of theirs was snapshotted: the snapshot goes with their messages.
  await db
    .updateTable('reports')
    .set({ context: sql<Record<string, unknown>>`context - 'text' - 'photoImageId' - 'evidenceKey'` })
    .where('reported_user_id', '=', userId)
    .where('report_type', '=', 'MESSAGE')
    .execute();
  return queued.map((item) => item.id);
}

/**
 * Deletes the account (AMENDMENTS §3): profile, photos and their files, likes, matches, the user's own blacklist,
 * settings, sticker packs and the user's messages, in one transaction that also queues the removal of the image
 * files (removed at once too, when storage answers). Peers keep the chat,
 * titled 'Удалённый аккаунт'. Moderation items, reports, the audit log and others' blocks of the user keep the Telegram id only.
 */
export async function deleteAccount(
  em: EntityManager,
  deps: { bus: EventBus; storage: Storage; logger: Logger },
  userId: number,
  byAdmin?: DeletionByAdmin,
): Promise<void> {
  const imageIds = await inTransaction(em, deps.bus, async (tx, emit) => {
    // Someone must be left to run the product.
    await refuseLastAdmin(tx, userId, byAdmin?.lastAdminMessage ?? PRIVACY_MESSAGES.lastAdmin);
    const images = await sqlOf(tx).selectFrom('images').select('id').where('owner_telegram_id', '=', userId).execute();
    for (const { id } of images) await enqueueImageFileRemoval(tx, id);
    const chats = await leaveChats(tx, userId);
    const itemIds = await scrubModeration(tx, userId);
    await sqlOf(tx).deleteFrom('notification_marks').where('user_id', '=', userId).execute();
    // Everything else that names the user goes with the row (foreign keys cascade).
    tx.remove(tx.getReference(User, userId));
    if (byAdmin)
      recordAudit(tx, {
        actorId: byAdmin.actorId,
        action: 'user.delete',
        targetType: 'user',
        targetId: userId,
        details: { reason: byAdmin.reason },
      });
    else recordAudit(tx, { actorId: userId, action: 'account.deleted', targetType: 'User', targetId: userId });
    await tx.flush();
    for (const { chatId, peerId } of chats) emit({ name: 'chat.updated', payload: { chatId, userIds: [peerId] } });
    emit({ name: 'account.deleted', payload: { userId, itemIds } });
    return images.map((i) => i.id);
  });
  // At once when storage answers; the queued jobs make sure of it otherwise.
  for (const id of imageIds) {
    await deps.storage
      .delete(imagePrefix(id))
      .catch((err: unknown) => deps.logger.warn('image files of a deleted account left to the queue', { id, err }));
  }
}
