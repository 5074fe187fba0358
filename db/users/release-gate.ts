import type { Role } from './user.entity';

/** Before the release moment only staff and already-approved users get in (AMENDMENTS §3 Release gate). */
export function isHeldByReleaseGate(input: { releaseAt: Date | null; now: Date; role: Role; isApproved: boolean }): boolean {
  if (!input.releaseAt || input.releaseAt <= input.now) return false;
  return input.role === 'USER' && !input.isApproved;
}
