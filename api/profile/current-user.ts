import type { SessionUser } from '../../db/users/session-user';
import { isAdmin, isModerator } from '../../db/users/users.service';
import type { CurrentUser } from '../../contracts/user';

type UserPart = Omit<CurrentUser, 'profile'>;

// Users from telegramAuth's cache are frozen and reused across calls: their part is built once.
const userParts = new WeakMap<SessionUser, UserPart>();

function userPartOf(user: SessionUser): UserPart {
  return {
    telegramId: user.telegramId,
    username: user.username ?? null,
    firstName: user.firstName ?? null,
    lastName: user.lastName ?? null,
    role: user.role,
    isBanned: user.isBanned,
    banReason: user.banReason ?? null,
    bannedAt: user.bannedAt ? user.bannedAt.toISOString() : null,
    photoUrl: user.photoUrl ?? null,
    customPhotoUrl: user.customPhotoUrl ?? null,
    createdAt: user.createdAt.toISOString(),
    isModerator: isModerator(user.role),
    isAdmin: isAdmin(user.role),
  };
}

export function toCurrentUser(user: SessionUser, profile: CurrentUser['profile'] = null): CurrentUser {
  let part = Object.isFrozen(user) ? userParts.get(user) : undefined;
  if (!part) {
    part = userPartOf(user);
    if (Object.isFrozen(user)) userParts.set(user, part);
  }
  return { ...part, profile };
}
