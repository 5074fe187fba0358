import Router from '@koa/router';
import { listUsers } from '../../db/users/users-list.repository';
import { usersQuerySchema, type UsersResponse } from '../../contracts/users-list';
import type { AppState } from '../context';
import { requireRole } from '../middleware/roles';

/** GET /api/users: the user list of the moderation and admin panels (search by name, @username or id). */
export function createUsersRouter(): Router<AppState> {
  const router = new Router<AppState>({ sensitive: true });

  router.get('/users', requireRole('MODERATOR'), async (ctx) => {
    const q = usersQuerySchema.parse(ctx.query);
    const { users, total } = await listUsers(ctx.state.em, q);
    ctx.body = {
      ok: true,
      users,
      pagination: { page: q.page, limit: q.limit, total, pages: Math.ceil(total / q.limit) },
    } satisfies UsersResponse;
  });
  return router;
}
