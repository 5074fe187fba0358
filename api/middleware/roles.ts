import type { Middleware } from 'koa';
import type { Role } from '../../db/users/user.entity';
import { AppError, MESSAGES } from '../../contracts/errors';
import type { AppState } from '../context';

const RANK: Record<Role, number> = { USER: 0, MODERATOR: 1, ADMIN: 2 };

/** Checks the role stored in the database (loaded by telegramAuth) on every privileged route. */
export function requireRole(minimum: Exclude<Role, 'USER'>): Middleware<AppState> {
  return async (ctx, next) => {
    // No user means telegramAuth did not run (a path it does not guard): refused, never let through.
    const user = ctx.state.user as AppState['user'] | undefined;
    if (!user) throw new AppError('UNAUTHORIZED', MESSAGES.initDataMissing);
    if (!(RANK[user.role as Role] >= RANK[minimum])) throw new AppError('FORBIDDEN', MESSAGES.forbidden);
    await next();
  };
}
