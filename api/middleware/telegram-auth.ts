import type { Middleware } from 'koa';
import { upsertFromLaunchUser } from '../../db/users/users.service';
import { verifyInitData } from '../auth/init-data';
import { AppError, MESSAGES } from '../contracts/errors';
import type { AppState, VerifiedLaunch } from '../context';
import { clientAddress } from './client-address';
import { limiters } from './rate-limits';

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

/**
 * verifyInitData, counting bad signatures per client address (RATE_LIMITS.initDataFailures): past the limit
 * a failing attempt answers 429 instead of 401. Valid initData always passes, so a neighbour behind the same
 * NAT is never locked out; expired initData is an honest client and is not counted.
 */
export function verifyLaunch(raw: string | undefined, address: string, config: AuthConfig): VerifiedLaunch {
  try {
    return verifyInitData(raw, config.botToken, config.initDataMaxAgeS);
  } catch (err) {
    if (raw && err instanceof AppError && err.message === MESSAGES.initDataInvalid) limiters.initDataFailures.hit(address);
    throw err;
  }
}

/** Identity only from validated initData; `x-telegram-id` is never trusted, and a different one is refused. */
export function telegramAuth(config: AuthConfig): Middleware<AppState> {
  return async (ctx, next) => {
    const launch = verifyLaunch(readInitData(ctx), clientAddress(ctx.headers['x-forwarded-for'], ctx.req.socket.remoteAddress), config);
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
