import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { recordAudit } from '../audit/audit.service';
import type { Emit } from '../events/event-bus';
import { User } from './user.entity';

export interface UnbanInput {
  userId: number;
  /** Who lifted the ban (audit); null for the system. */
  byId: number | null;
}

/**
 * Lifts a ban inside the caller's transaction: the flag, reason and date are cleared, so the next call passes;
 * 'user.unbanned' then tells the user. A user who is not banned is left alone (false).
 */
export async function unbanUser(tx: EntityManager, emit: Emit, input: UnbanInput): Promise<boolean> {
  const user = await tx.findOne(User, { telegramId: input.userId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  if (!user?.isBanned) return false;
  const previousReason = user.banReason ?? null;
  tx.assign(user, { isBanned: false, banReason: null, bannedAt: null });
  recordAudit(tx, { actorId: input.byId, action: 'user.unban', targetType: 'user', targetId: input.userId, details: { previousReason } });
  emit({ name: 'user.unbanned', payload: { userId: input.userId, byId: input.byId } });
  return true;
}
