import type { User } from '../../db/users/user.entity';
import { isAdmin, isModerator } from '../../db/users/users.service';
import type { CurrentUser } from '../contracts/user';

export function toCurrentUser(user: User, profile: CurrentUser['profile'] = null): CurrentUser {
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
    profile,
  };
}
