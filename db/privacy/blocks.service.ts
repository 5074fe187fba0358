import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../contracts/errors';
import { PRIVACY_MESSAGES } from '../../contracts/privacy';
import { PROFILE_VIEW_MESSAGES } from '../../contracts/profile-view';
import { pairKeyOf } from '../chats/chats.service';
import { inTransaction, type Emit, type EventBus } from '../events/event-bus';
import { sqlOf } from '../kysely';
import { hasContact } from './contact';

/** The pair's chat turns read-only (or writable again): both members' lists and open chat screens hear it. */
async function announce(tx: EntityManager, emit: Emit, blockerId: number, blockedId: number, blocked: boolean): Promise<void> {
  emit({ name: 'block.changed', payload: { blockerId, blockedId, blocked } });
  const chat = await sqlOf(tx).selectFrom('chats').select('id').where('pair_key', '=', pairKeyOf(blockerId, blockedId)).executeTakeFirst();
  if (chat) emit({ name: 'chat.updated', payload: { chatId: Number(chat.id), userIds: [blockerId, blockedId] } });
}

/** Puts `blockedId` on the blacklist (AMENDMENTS §3 Blocking); blocking twice is one block. */
export async function blockUser(em: EntityManager, bus: EventBus, blockerId: number, blockedId: number, now = new Date()): Promise<void> {
  if (blockerId === blockedId) throw new AppError('BAD_REQUEST', PRIVACY_MESSAGES.blockSelf);
  // Only someone the user came across; anyone else answers like a missing profile (no probing of ids).
  if (!(await hasContact(em, blockerId, blockedId))) throw new AppError('NOT_FOUND', PROFILE_VIEW_MESSAGES.notFound);
  await inTransaction(em, bus, async (tx, emit) => {
    const inserted = await sqlOf(tx)
      .insertInto('blocks')
      .values({ blocker_id: blockerId, blocked_id: blockedId, created_at: now })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) await announce(tx, emit, blockerId, blockedId, true);
  });
}

/** Takes `blockedId` off the blacklist; unblocking someone not on it is fine too. */
export async function unblockUser(em: EntityManager, bus: EventBus, blockerId: number, blockedId: number): Promise<void> {
  await inTransaction(em, bus, async (tx, emit) => {
    const removed = await sqlOf(tx)
      .deleteFrom('blocks')
      .where('blocker_id', '=', blockerId)
      .where('blocked_id', '=', blockedId)
      .executeTakeFirst();
    if (Number(removed.numDeletedRows) > 0) await announce(tx, emit, blockerId, blockedId, false);
  });
}
