import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../contracts/errors';
import { recordAudit } from '../audit/audit.service';
import { ModerationItem, type ModerationType } from '../moderation/moderation-item.entity';
import { Photo } from '../profiles/photo.entity';
import { Profile } from '../profiles/profile.entity';

export type OnboardingStage = 'base' | 'description';

const ALREADY_DECIDED = 'Решение по анкете уже принято';

const STAGES = {
  base: { type: 'INITIAL', field: 'initialModerationStatus' },
  description: { type: 'PROFILE_DESCRIPTION', field: 'descriptionModerationStatus' },
} as const satisfies Record<OnboardingStage, { type: ModerationType; field: keyof Profile }>;

interface Decision {
  stage: OnboardingStage;
  status: 'APPROVED' | 'DISCREPANT' | 'REJECTED';
  reason?: string | null;
  reviewerId?: number | null;
}

/** Applies a decision to a pending stage of onboarding; the first decision wins, a later one is refused. */
async function decide(em: EntityManager, userId: number, decision: Decision): Promise<void> {
  const { type, field } = STAGES[decision.stage];
  await em.transactional(async (tx) => {
    const profile = await tx.findOne(Profile, { user: userId });
    if (!profile || profile[field] !== 'PENDING') throw new AppError('CONFLICT', ALREADY_DECIDED);
    profile[field] = decision.status;
    const item = await tx.findOne(ModerationItem, { userId, type, status: 'PENDING' }, { orderBy: { id: 'desc' } });
    const resolution = {
      status: decision.status,
      reason: decision.reason ?? null,
      reviewerId: decision.reviewerId ?? null,
      resolvedAt: new Date(),
    };
    if (item) tx.assign(item, resolution);
    if (decision.stage === 'base' && decision.status === 'APPROVED') {
      await tx.nativeUpdate(Photo, { owner: userId, status: 'PENDING' }, { status: 'APPROVED' });
    }
    recordAudit(tx, {
      actorId: decision.reviewerId ?? null,
      action: `moderation.${decision.stage}.${decision.status.toLowerCase()}`,
      targetType: 'user',
      targetId: userId,
      details: { itemId: item?.id ?? null, reason: resolution.reason },
    });
  });
}

/** INITIAL approved: the user goes on to the description stage (NEED_DESCRIPTION). */
export const approveBase = (em: EntityManager, userId: number, reviewerId: number | null = null) =>
  decide(em, userId, { stage: 'base', status: 'APPROVED', reviewerId });

/** PROFILE_DESCRIPTION approved: the profile is fully approved (APPROVED). */
export const approveDescription = (em: EntityManager, userId: number, reviewerId: number | null = null) =>
  decide(em, userId, { stage: 'description', status: 'APPROVED', reviewerId });

/** Sends the user back to redo a stage with the moderator's reason (BASE_DISCREPANT, or NEED_DESCRIPTION with a reason). */
export const markDiscrepant = (
  em: EntityManager,
  userId: number,
  input: { stage: OnboardingStage; reason: string; reviewerId?: number | null },
) => decide(em, userId, { stage: input.stage, status: 'DISCREPANT', reason: input.reason, reviewerId: input.reviewerId ?? null });

/** Refuses a stage outright; the user redoes it as after a discrepancy. */
export const rejectStage = (
  em: EntityManager,
  userId: number,
  input: { stage: OnboardingStage; reason: string; reviewerId?: number | null },
) => decide(em, userId, { stage: input.stage, status: 'REJECTED', reason: input.reason, reviewerId: input.reviewerId ?? null });
