import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../contracts/errors';
import { fittingReason, REASON_MESSAGE } from '../../contracts/moderation-reasons';
import { recordAudit } from '../audit/audit.service';
import type { Emit } from '../events/event-bus';
import { refuseForbiddenBan } from './ban-rules';
import type { Actor } from './session-user';
import { User } from './user.entity';

export interface BanInput {
  userId: number;
  reason: string | null;
  /** Who banned (their role decides whom they may ban); null for the system. */
  by: Actor | null;
  /** Why, for the audit log: the moderation item or report behind it. */
  source?: Record<string, unknown>;
}

/**
 * Bans inside the caller's transaction: the flag is what every API call, socket message and feed query
 * checks, so it takes effect at commit; 'user.banned' then closes live sockets and tells the user.
 * Every path goes through here, so the staff, last-admin and reason rules hold for all. An already banned user keeps the first ban.
 */
export async function banUser(tx: EntityManager, emit: Emit, input: BanInput): Promise<boolean> {
  await refuseForbiddenBan(tx, input.by, input.userId);
  const byId = input.by?.telegramId ?? null;
  const user = await tx.findOne(User, { telegramId: input.userId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  if (!user || user.isBanned) return false;
  // A person's ban needs a reason by the one rule, whichever path it came by (the user is told it).
  const reason = input.by ? fittingReason(input.reason) : input.reason;
  if (input.by && !reason) throw new AppError('BAD_REQUEST', REASON_MESSAGE);
  tx.assign(user, { isBanned: true, banReason: reason, bannedAt: new Date() });
  recordAudit(tx, { actorId: byId, action: 'user.ban', targetType: 'user', targetId: input.userId, details: { reason, ...input.source } });
  emit({ name: 'user.banned', payload: { userId: input.userId, reason, byId } });
  return true;
}
