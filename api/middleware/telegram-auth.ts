import type { Middleware } from 'koa';
import { upsertFromLaunchUser } from '../../db/users/users.service';
import { verifyInitData } from '../auth/init-data';
import { AppError, MESSAGES } from '../contracts/errors';
import type { AppState } from '../context';

export interface AuthConfig {
  botToken: string;
  initDataMaxAgeS: number;
  adminIds: readonly number[];
}

/** initData from the query (GET), the JSON or multipart body, or `Authorization: tma <raw>`. */
export function readInitData(ctx: { get(h: string): string; query: Record<string, unknown>; request: { body?: unknown } }): string | undefined {
  const header = ctx.get('authorization');
  if (header.toLowerCase().startsWith('tma ')) return header.slice(4).trim();
  const fromQuery = ctx.query.initData;
  if (typeof fromQuery === 'string' && fromQuery) return fromQuery;
  const body = ctx.request.body;
  if (body && typeof body === 'object' && 'initData' in body) {
    const fromBody = (body as { initData: unknown }).initData;
    if (typeof fromBody === 'string' && fromBody) return fromBody;
  }
  return undefined;
}

/** Identity only from validated initData; `x-telegram-id` is never trusted, and a different one is refused. */
export function telegramAuth(config: AuthConfig): Middleware<AppState> {
  return async (ctx, next) => {
    const launch = verifyInitData(readInitData(ctx), config.botToken, config.initDataMaxAgeS);
    const claimed = ctx.get('x-telegram-id');
    if (claimed && claimed !== String(launch.user.id)) throw new AppError('FORBIDDEN', MESSAGES.identityMismatch);
    ctx.state.launch = launch;
    ctx.state.user = await upsertFromLaunchUser(ctx.state.em, launch.user, config.adminIds);
    await next();
  };
}

/** Banned users may only learn that they are banned. */
export function rejectBanned(allowedPaths: readonly string[]): Middleware<AppState> {
  return async (ctx, next) => {
    if (ctx.state.user.isBanned && !allowedPaths.includes(ctx.path)) {
      throw new AppError('BANNED', MESSAGES.banned, { banReason: ctx.state.user.banReason });
    }
    await next();
  };
}
