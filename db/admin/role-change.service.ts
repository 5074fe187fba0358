import type { Actor } from '../users/session-user';
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ADMIN_MESSAGES } from '../../contracts/admin';
import { AppError } from '../../contracts/errors';
import { recordAudit } from '../audit/audit.service';
import { inTransaction, type EventBus } from '../events/event-bus';
import { refuseLastAdmin } from '../users/last-admin';
import { User, type Role } from '../users/user.entity';
import { assertAdmin } from './assert-admin';

/**
 * Sets a user's role (web panel and bot /role): audited, and 'user.role_changed' tells the user.
 * Taking ADMIN away from the last admin who is not banned is refused. False when the role was already that.
 */
export async function changeRole(em: EntityManager, bus: EventBus, actor: Actor, targetId: number, role: Role): Promise<boolean> {
  assertAdmin(actor);
  return inTransaction(em, bus, async (tx, emit) => {
    if (role !== 'ADMIN') await refuseLastAdmin(tx, targetId, ADMIN_MESSAGES.lastAdmin);
    const user = await tx.findOne(User, { telegramId: targetId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!user) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.userNotFound);
    const previousRole = user.role as Role;
    if (previousRole === role) return false;
    user.role = role;
    recordAudit(tx, {
      actorId: actor.telegramId,
      action: 'user.role',
      targetType: 'user',
      targetId,
      details: { before: previousRole, after: role },
    });
    emit({ name: 'user.role_changed', payload: { userId: targetId, role, previousRole, byId: actor.telegramId } });
    return true;
  });
}
