import Router from '@koa/router';
import type { AppState } from '../context';
import type { ValidateResponse } from '../../contracts/user';

/** POST /api/telegram/validate: telegramAuth has already validated; answer what it found. */
export function createAuthRouter(): Router<AppState> {
  const router = new Router<AppState>({ sensitive: true });
  router.post('/telegram/validate', (ctx) => {
    const body: ValidateResponse = { ok: true, user: ctx.state.launch.user, auth_date: ctx.state.launch.authDate };
    ctx.body = body;
  });
  return router;
}
