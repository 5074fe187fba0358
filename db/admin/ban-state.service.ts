import type { EntityManager } from '@mikro-orm/postgresql';
import { inTransaction, type Emit, type EventBus } from '../events/event-bus';
import { banUser } from '../users/user-ban.service';
import { unbanUser } from '../users/user-unban.service';
import type { Actor } from '../users/session-user';
import { assertAdmin, findTarget } from './assert-admin';

/** An admin's ban inside a transaction: the one ban path and its rules (flag, audit, 'user.banned' closes sockets and tells the user). */
export async function banAsAdminIn(tx: EntityManager, emit: Emit, actor: Actor, targetId: number, reason: string | null): Promise<boolean> {
  return banUser(tx, emit, { userId: targetId, reason, by: actor, source: { via: 'admin' } });
}

/** Bans (web panel and bot /ban); false when the user was banned already. */
export async function banAsAdmin(
  em: EntityManager,
  bus: EventBus,
  actor: Actor,
  targetId: number,
  reason: string | null,
): Promise<boolean> {
  assertAdmin(actor);
  await findTarget(em, targetId);
  return inTransaction(em, bus, (tx, emit) => banAsAdminIn(tx, emit, actor, targetId, reason));
}

/** Lifts a ban (web panel and bot /unban); false when the user was not banned. */
export async function unbanAsAdmin(em: EntityManager, bus: EventBus, actor: Actor, targetId: number): Promise<boolean> {
  assertAdmin(actor);
  await findTarget(em, targetId);
  return inTransaction(em, bus, (tx, emit) => unbanUser(tx, emit, { userId: targetId, byId: actor.telegramId }));
}
