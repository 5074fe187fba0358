import type { User } from './user.entity';

/**
 * The caller's users row as a plain, read-only record (ctx.state.user, a socket's user): often a frozen copy shared
 * by calls through UserCache, never a managed entity. To change the row, load the User entity.
 */
export interface SessionUser {
  readonly telegramId: number;
  readonly username: string | null;
  readonly firstName: string | null;
  readonly lastName: string | null;
  readonly languageCode: string | null;
  readonly isPremium: boolean;
  readonly photoUrl: string | null;
  readonly customPhotoUrl: string | null;
  readonly role: User['role'];
  readonly isBanned: boolean;
  readonly banReason: string | null;
  readonly bannedAt: Date | null;
  readonly createdAt: Date;
  readonly lastSeenAt: Date | null;
  /** Whether the bot may write to the user (issue 40): null until answered. */
  readonly writeAccess: boolean | null;
}

/** The plain record of a loaded users row. */
export const sessionUserOf = (user: User): SessionUser => ({
  telegramId: user.telegramId,
  username: user.username ?? null,
  firstName: user.firstName ?? null,
  lastName: user.lastName ?? null,
  languageCode: user.languageCode ?? null,
  isPremium: user.isPremium,
  photoUrl: user.photoUrl ?? null,
  customPhotoUrl: user.customPhotoUrl ?? null,
  role: user.role,
  isBanned: user.isBanned,
  banReason: user.banReason ?? null,
  bannedAt: user.bannedAt ?? null,
  createdAt: user.createdAt,
  lastSeenAt: user.lastSeenAt ?? null,
  writeAccess: user.writeAccess ?? null,
});

/** Whoever acts or views as staff: the session user of a request, or the users entity the bot loaded. */
export type Actor = Pick<SessionUser, 'telegramId' | 'role' | 'isBanned'>;
