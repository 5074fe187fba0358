import type { EntityManager } from '@mikro-orm/postgresql';
import type { OnboardingStatus, StatusResponse } from '../../contracts/profile';
import { ModerationItem, type ModerationType } from '../moderation/moderation-item.entity';
import { Profile } from '../profiles/profile.entity';

type ProfileStatuses = Pick<Profile, 'initialModerationStatus' | 'descriptionModerationStatus'>;

const isRefused = (s: string | null | undefined) => s === 'DISCREPANT' || s === 'REJECTED';

/** Where a profile stands in onboarding (end-user.md §4); a refused description sends the user back to the description flow. */
export function onboardingStatusOf(profile: ProfileStatuses | null): OnboardingStatus {
  if (!profile) return 'NO_PROFILE';
  if (profile.initialModerationStatus === 'PENDING') return 'UNDER_REVIEW_BASE';
  if (isRefused(profile.initialModerationStatus)) return 'BASE_DISCREPANT';
  const description = profile.descriptionModerationStatus;
  if (description === 'PENDING') return 'UNDER_REVIEW_DESC';
  if (description === 'APPROVED') return 'APPROVED';
  return 'NEED_DESCRIPTION';
}

export const isFullyApproved = (profile: ProfileStatuses | null) => onboardingStatusOf(profile) === 'APPROVED';

async function lastReason(em: EntityManager, userId: number, type: ModerationType): Promise<string | null> {
  const item = await em.findOne(ModerationItem, { userId, type, status: { $in: ['DISCREPANT', 'REJECTED'] } }, { orderBy: { id: 'desc' } });
  return item?.reason ?? null;
}

type Progress = Omit<StatusResponse, 'ok'>;

/**
 * The status with the moderator's reason when the last decision sent the user back, and whether the profile still
 * lacks the sex (made before it was required, AMENDMENTS §5.2) with the orientation its screen starts from.
 */
export async function loadOnboardingStatus(em: EntityManager, userId: number): Promise<Progress> {
  const profile = await em.findOne(Profile, { user: userId });
  const status = onboardingStatusOf(profile);
  const sex = { sexMissing: profile !== null && !profile.sex, gender: profile?.gender ?? null };
  if (status === 'BASE_DISCREPANT') return { status, reason: await lastReason(em, userId, 'INITIAL'), ...sex };
  if (status === 'NEED_DESCRIPTION' && isRefused(profile?.descriptionModerationStatus)) {
    return { status, reason: await lastReason(em, userId, 'PROFILE_DESCRIPTION'), ...sex };
  }
  return { status, reason: null, ...sex };
}
