import type { CurrentUser, LaunchUser } from '../../../contracts/user';
import { apiGet, apiPost } from '../api/api-client';
import { isApiError } from '../api/api-error';

/** A stand-in built from the launch data when the server cannot say more (end-user.md §7: role USER). */
export function userFromLaunch(launch: LaunchUser): CurrentUser {
  return {
    telegramId: launch.id,
    username: launch.username ?? null,
    firstName: launch.first_name ?? null,
    lastName: launch.last_name ?? null,
    role: 'USER',
    isBanned: false,
    banReason: null,
    bannedAt: null,
    photoUrl: launch.photo_url ?? null,
    customPhotoUrl: null,
    createdAt: new Date(0).toISOString(),
    isModerator: false,
    isAdmin: false,
    profile: null,
  };
}

/** GET /api/profile/me, then POST; null when neither answers. RELEASE_SOON, BANNED and 401 answers are passed on. */
export async function fetchCurrentUserOrNull(): Promise<CurrentUser | null> {
  const currentUserSchema = () => import('../../../contracts/user').then((m) => m.currentUserSchema);
  for (const call of [
    () => apiGet('/profile/me', { schema: currentUserSchema }),
    () => apiPost('/profile/me', {}, { schema: currentUserSchema }),
  ]) {
    try {
      return await call();
    } catch (err) {
      if (isApiError(err, 'RELEASE_SOON') || isApiError(err, 'BANNED') || (isApiError(err) && err.status === 401)) throw err;
    }
  }
  return null;
}
