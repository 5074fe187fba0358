import type { Actor } from '../users/session-user';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ADMIN_MESSAGES } from '../../contracts/admin';
import type { EventBus } from '../events/event-bus';
import type { Logger } from '../../platform/logger';
import type { Storage } from '../media/storage';
import { deleteAccount } from '../privacy/account-deletion.service';
import { assertAdmin, findTarget } from './assert-admin';

/** An admin deletes an account: the same deletion as the user's own (AMENDMENTS §3), audited with the admin and the reason. */
export async function deleteUserAsAdmin(
  em: EntityManager,
  deps: { bus: EventBus; storage: Storage; logger: Logger },
  actor: Actor,
  targetId: number,
  reason: string | null,
): Promise<void> {
  assertAdmin(actor);
  await findTarget(em, targetId);
  await deleteAccount(em, deps, targetId, { actorId: actor.telegramId, reason, lastAdminMessage: ADMIN_MESSAGES.lastAdmin });
}
