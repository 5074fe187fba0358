import { create } from 'zustand';
import type { Orientation } from '../../../contracts/profile-fields';
import type { CurrentUser, LaunchUser } from '../../../contracts/user';
import type { Region } from '../region';
import type { OnboardingProgress, OnboardingStatus } from './fetch-onboarding-status';

export interface SessionState {
  launchUser: LaunchUser | null;
  user: CurrentUser | null;
  status: OnboardingStatus | null;
  /** The moderator's reason when the base or the description was sent back. */
  statusReason: string | null;
  /** A profile without a stored sex (AMENDMENTS §5.2) with its stored orientation; null once the sex is known. */
  missingSex: { gender: Orientation | null } | null;
  region: Region;
  /** Set when any call answers 403 BANNED after start-up. */
  bannedLater: { banReason: string | null } | null;
  startSession(session: { launchUser: LaunchUser; user: CurrentUser; registration: OnboardingProgress; region: Region }): void;
  setOnboarding(registration: OnboardingProgress): void;
  /** The sex was stored: the start-up question is answered. */
  sexStored(): void;
  markBanned(banReason: string | null): void;
}

export const useSession = create<SessionState>()((set) => ({
  launchUser: null,
  user: null,
  status: null,
  statusReason: null,
  missingSex: null,
  region: 'RU_BY',
  bannedLater: null,
  startSession: ({ registration, ...session }) =>
    set({
      ...session,
      status: registration.status,
      statusReason: registration.reason,
      missingSex: registration.missingSex ?? null,
      bannedLater: null,
    }),
  setOnboarding: ({ status, reason, missingSex }) =>
    set((s) => ({ status, statusReason: reason, missingSex: missingSex === undefined ? s.missingSex : missingSex })),
  sexStored: () => set({ missingSex: null }),
  markBanned: (banReason) => set({ bannedLater: { banReason } }),
}));

export const useIsAdmin = () => useSession((s) => s.user?.isAdmin ?? false);
export const useIsModerator = () => useSession((s) => (s.user?.isModerator || s.user?.isAdmin) ?? false);
/** The staff bar a user gets: 'admin', 'moderator', or null for everyone else. */
export const useStaffRole = () =>
  useSession((s): 'admin' | 'moderator' | null => (s.user?.isAdmin ? 'admin' : s.user?.isModerator ? 'moderator' : null));
