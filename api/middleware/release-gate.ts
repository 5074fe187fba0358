import type { EntityManager } from '@mikro-orm/postgresql';
import { Profile } from '../../db/profiles/profile.entity';
import { isFullyApproved } from '../../db/onboarding/onboarding-status';
import { isHeldByReleaseGate } from '../../db/users/release-gate';
import type { SessionUser } from '../../db/users/session-user';
import { AppError, MESSAGES } from '../../contracts/errors';

/** Whether anyone could be held at all: after the release moment (or without one) no call pays for the check. */
export const releaseGateOpen = (releaseAt: Date | null | undefined, nowMs = Date.now()): releaseAt is Date =>
  releaseAt != null && releaseAt.getTime() > nowMs;

/**
 * Before the release moment an ordinary user whose profile is not approved is refused with RELEASE_SOON
 * (AMENDMENTS §3 Release gate); staff, approved users and banned users (who see the blocked screen) pass.
 */
export async function enforceReleaseGate(em: EntityManager, user: SessionUser, releaseAt: Date | null | undefined): Promise<void> {
  const now = new Date();
  if (!releaseGateOpen(releaseAt, now.getTime()) || user.role !== 'USER' || user.isBanned) return;
  const profile = await em.findOne(Profile, { user: user.telegramId });
  if (isHeldByReleaseGate({ releaseAt, now, role: user.role, isApproved: isFullyApproved(profile) })) {
    throw new AppError('RELEASE_SOON', MESSAGES.releaseSoon, { releaseAt: releaseAt.toISOString() });
  }
}
