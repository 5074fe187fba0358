import type { Actor } from '../users/session-user';
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, MESSAGES } from '../../contracts/errors';
import { MODERATION_MESSAGES as M, withFieldTags, type Decision, type DiscrepantField } from '../../contracts/moderation';
import { recordAudit } from '../audit/audit.service';
import { inTransaction, type EventBus } from '../events/event-bus';
import { refuseForbiddenBan } from '../users/ban-rules';
import { banUser } from '../users/user-ban.service';
import { isModerator } from '../users/users.service';
import { alreadyDecided } from './decided-refusal';
import { applyItemEffects } from './item-effects';
import { ModerationItem } from './moderation-item.entity';
import { photoChecksOf, queuedImageIds } from './moderation-item-views';
import { SCREENING_MESSAGES } from '../../contracts/screening';

export interface ItemDecision {
  itemId: number;
  /** The version the moderator saw; a pending item changed since is refused. */
  version: number;
  status: Decision;
  /** Required (20–500, checked by the contract) for REJECTED and DISCREPANT. */
  reason?: string | null;
  fields?: readonly DiscrepantField[];
  /** INITIAL rejected only: the user is banned with the reason. */
  banUser?: boolean;
  /** Where the moderator decides: a photo screening flagged is approved only in the panel, where it is shown. */
  from: 'panel' | 'bot';
}

/** Checked again here, whatever the caller did: the role stored in the database decides. */
export function assertModerator(moderator: Actor): void {
  if (!isModerator(moderator.role) || moderator.isBanned) throw new AppError('FORBIDDEN', MESSAGES.forbidden);
}

function refuseInvalid(item: ModerationItem, decision: ItemDecision, moderator: Actor): void {
  if (item.userId === moderator.telegramId) throw new AppError('FORBIDDEN', M.ownItem);
  const isEdit = item.type === 'PROFILE_EDIT' || item.type === 'PHOTOS';
  if (isEdit && decision.status === 'DISCREPANT') throw new AppError('BAD_REQUEST', M.noPartialForEdits);
  if (decision.banUser && (item.type !== 'INITIAL' || decision.status !== 'REJECTED')) throw new AppError('BAD_REQUEST', M.banOnlyInitial);
  if (decision.status !== 'APPROVED' && !decision.reason?.trim()) throw new AppError('BAD_REQUEST', M.reason);
}

/** A photo screening flagged (issue #27) is approved only by a moderator who looked at it in the panel. */
async function refuseUnseenFlaggedPhoto(tx: EntityManager, item: ModerationItem, decision: ItemDecision): Promise<void> {
  if (decision.status !== 'APPROVED' || decision.from === 'panel') return;
  const checks = await photoChecksOf(tx, queuedImageIds(item));
  if ([...checks.values()].some((check) => check.flagged)) throw new AppError('CONFLICT', SCREENING_MESSAGES.approveInPanel);
}

const reasonOf = (d: ItemDecision) =>
  d.status === 'APPROVED' ? null : d.status === 'DISCREPANT' ? withFieldTags(d.reason!.trim(), d.fields ?? []) : d.reason!.trim();

/**
 * Decides a pending item (panel or bot): the row is locked, so of two simultaneous decisions the first wins
 * and the second is refused with who decided and when. Effects, audit and an optional ban share the transaction.
 */
export async function decideItem(em: EntityManager, bus: EventBus, moderator: Actor, decision: ItemDecision): Promise<ModerationItem> {
  assertModerator(moderator);
  return inTransaction(em, bus, async (tx, emit) => {
    const item = await tx.findOne(ModerationItem, { id: decision.itemId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!item) throw new AppError('NOT_FOUND', M.itemNotFound);
    if (item.status !== 'PENDING')
      throw await alreadyDecided(tx, { outcome: item.status, reviewerId: item.reviewerId ?? null, resolvedAt: item.resolvedAt ?? null });
    if (item.version !== decision.version) throw new AppError('CONFLICT', M.itemChanged, { changed: true, version: item.version });
    refuseInvalid(item, decision, moderator);
    await refuseUnseenFlaggedPhoto(tx, item, decision);
    // Before the profile is touched: a refused ban changes nothing, and the roster lock comes before other rows.
    if (decision.banUser) await refuseForbiddenBan(tx, moderator, item.userId);
    const reason = reasonOf(decision);
    tx.assign(item, { status: decision.status, reason, reviewerId: moderator.telegramId, resolvedAt: new Date() });
    await applyItemEffects(tx, item);
    recordAudit(tx, {
      actorId: moderator.telegramId,
      action: `moderation.${decision.status.toLowerCase()}`,
      targetType: 'user',
      targetId: item.userId,
      details: { itemId: item.id, type: item.type, reason, banUser: decision.banUser ?? false },
    });
    if (decision.banUser) await banUser(tx, emit, { userId: item.userId, reason, by: moderator, source: { itemId: item.id } });
    return item;
  });
}
