import type { EntityManager } from '@mikro-orm/postgresql';
import { ADMIN_MESSAGES } from '../../api/contracts/admin';
import { AppError } from '../../api/contracts/errors';
import { inTransaction, type Emit, type EventBus } from '../events/event-bus';
import { refuseLastAdmin } from '../users/last-admin';
import { banUser } from '../users/user-ban.service';
import { unbanUser } from '../users/user-unban.service';
import type { User } from '../users/user.entity';
import { assertAdmin, findTarget } from './assert-admin';

/**
 * An admin's ban inside a transaction: never oneself, never the last admin who is not banned;
 * then the one ban path (flag, audit, 'user.banned' which closes sockets and tells the user).
 */
export async function banAsAdminIn(tx: EntityManager, emit: Emit, actor: User, targetId: number, reason: string | null): Promise<boolean> {
  if (targetId === actor.telegramId) throw new AppError('CONFLICT', ADMIN_MESSAGES.selfBan);
  await refuseLastAdmin(tx, targetId, ADMIN_MESSAGES.lastAdmin);
  return banUser(tx, emit, { userId: targetId, reason, byId: actor.telegramId, source: { via: 'admin' } });
}

/** Bans (web panel and bot /ban); false when the user was banned already. */
export async function banAsAdmin(em: EntityManager, bus: EventBus, actor: User, targetId: number, reason: string | null): Promise<boolean> {
  assertAdmin(actor);
  await findTarget(em, targetId);
  return inTransaction(em, bus, (tx, emit) => banAsAdminIn(tx, emit, actor, targetId, reason));
}

/** Lifts a ban (web panel and bot /unban); false when the user was not banned. */
export async function unbanAsAdmin(em: EntityManager, bus: EventBus, actor: User, targetId: number): Promise<boolean> {
  assertAdmin(actor);
  await findTarget(em, targetId);
  return inTransaction(em, bus, (tx, emit) => unbanUser(tx, emit, { userId: targetId, byId: actor.telegramId }));
}
