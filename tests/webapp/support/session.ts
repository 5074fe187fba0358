import type { CurrentUser } from '../../../contracts/user';
import { useSession } from '../../../webapp/lib/session/session-store';

export function testUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    telegramId: 100010,
    username: 'demo_user_1',
    firstName: 'Артём',
    lastName: null,
    role: 'USER',
    isBanned: false,
    banReason: null,
    bannedAt: null,
    photoUrl: null,
    customPhotoUrl: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    isModerator: false,
    isAdmin: false,
    profile: null,
    ...overrides,
  };
}

export const ADMIN = testUser({ telegramId: 100001, role: 'ADMIN', isAdmin: true, isModerator: true });
export const MODERATOR = testUser({ telegramId: 100002, role: 'MODERATOR', isModerator: true });

/** Puts a signed-in user into the session store, as start-up would. */
export function signIn(
  user: CurrentUser = testUser(),
  status: NonNullable<ReturnType<typeof useSession.getState>['status']> = 'APPROVED',
): void {
  useSession
    .getState()
    .startSession({ launchUser: { id: user.telegramId }, user, registration: { status, reason: null }, region: 'RU_BY' });
}
