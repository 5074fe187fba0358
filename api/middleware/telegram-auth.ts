import type { IncomingHttpHeaders } from 'node:http';
import type { Middleware } from 'koa';
import type { EventBus } from '../../db/events/event-bus';
import { evictedUserCache } from '../../db/users/user-cache-eviction';
import { unchangedUser, upsertFromLaunchUser } from '../../db/users/users.service';
import { verifyInitData } from '../auth/init-data';
import { LaunchCache } from '../auth/launch-cache';
import { AppError, MESSAGES, SERVER_MESSAGES } from '../../contracts/errors';
import type { AppContext, AppState, VerifiedLaunch } from '../context';
import type { SessionUser } from '../../db/users/session-user';
import { addressResolver } from './client-address';
import type { RateLimiter } from './rate-limits';
import { enforceReleaseGate, releaseGateOpen } from './release-gate';

export interface AuthConfig {
  botToken: string;
  initDataMaxAgeS: number;
  adminIds: readonly number[];
  /** Proxies whose X-Forwarded-For is believed (IPs or CIDR blocks, TRUST_PROXY); none by default. */
  trustProxy?: readonly string[];
  /** Before this moment ordinary users who are not approved are held (RELEASE_SOON). */
  releaseAt?: Date | null;
}

const TMA_SCHEME = /^tma /i;

/** initData from `Authorization: tma <raw>` or the JSON or multipart body; never the query (proxy logs keep URLs). */
function readInitData(ctx: { headers: IncomingHttpHeaders; request: { body?: unknown } }): string | undefined {
  const header = ctx.headers.authorization;
  if (header !== undefined && TMA_SCHEME.test(header)) return header.slice(4).trim();
  const body = ctx.request.body;
  if (body && typeof body === 'object' && 'initData' in body) {
    const fromBody = (body as { initData: unknown }).initData;
    if (typeof fromBody === 'string' && fromBody) return fromBody;
  }
  return undefined;
}

/**
 * verifyInitData, counting bad signatures per client address in `failures` (RATE_LIMITS.initDataFailures): past the limit
 * a failing attempt answers 429 instead of 401. Valid initData always passes, so a neighbour behind the same
 * NAT is never locked out; expired initData is an honest client and is not counted. The address is only
 * worked out (a function) when a failure is counted.
 */
export function verifyLaunch(
  raw: string | undefined,
  address: string | (() => string),
  config: AuthConfig,
  failures: RateLimiter,
): VerifiedLaunch | Promise<never> {
  try {
    return verifyInitData(raw, config.botToken, config.initDataMaxAgeS);
  } catch (err) {
    return refuseLaunch(err, raw, address, failures);
  }
}

/** A launch that failed verification: a bad signature is counted first (past the limit, RATE_LIMITED instead), then refused. */
async function refuseLaunch(
  err: unknown,
  raw: string | undefined,
  address: string | (() => string),
  failures: RateLimiter,
): Promise<never> {
  if (raw && err instanceof AppError && err.message === MESSAGES.initDataInvalid)
    await failures.hit(typeof address === 'string' ? address : address());
  throw err;
}

/**
 * Identity only from validated initData; `x-telegram-id` is never trusted, and a different one is refused.
 * A repeated initData skips the signature check until its own expiry (LaunchCache), and a user whose row
 * would not change skips the database (UserCache, evicted by the events on `bus`). Banned users may only
 * learn that they are banned: any path but `bannedMayCall` is refused with BANNED. Before the release moment a
 * held user may call only `heldMayCall` (what the mini app needs to show the countdown).
 */
export function telegramAuth(
  config: AuthConfig,
  deps: { bus: EventBus; initDataFailures: RateLimiter; bannedMayCall: readonly string[]; heldMayCall: readonly string[] },
): Middleware<AppState> {
  const launches = new LaunchCache();
  const users = evictedUserCache(deps.bus);
  const addressOf = addressResolver(config.trustProxy);
  const admit = (ctx: AppContext, user: SessionUser, next: () => Promise<unknown>) => {
    ctx.state.user = user;
    if (user.isBanned && !deps.bannedMayCall.includes(ctx.path))
      throw new AppError('BANNED', MESSAGES.banned, { banReason: user.banReason });
    if (user.role === 'USER' && releaseGateOpen(config.releaseAt) && !deps.heldMayCall.includes(ctx.path)) {
      return enforceReleaseGate(ctx.state.em, user, config.releaseAt).then(next);
    }
    return next();
  };
  // Not async: a call answered from both caches adds no promise of its own.
  return (ctx, next) => {
    const now = Date.now();
    const raw = readInitData(ctx);
    let launch = raw === undefined ? undefined : launches.get(raw, now);
    if (!launch) {
      const verified = verifyLaunch(
        raw,
        () => addressOf(ctx.headers['x-forwarded-for'], ctx.req.socket.remoteAddress),
        config,
        deps.initDataFailures,
      );
      if (verified instanceof Promise) return verified;
      launch = verified;
      launches.set(launch, config.initDataMaxAgeS);
    }
    const claimed = ctx.headers['x-telegram-id'];
    if (claimed !== undefined && claimed !== '' && claimed !== String(launch.user.id))
      throw new AppError('FORBIDDEN', SERVER_MESSAGES.identityMismatch);
    ctx.state.launch = launch;
    const known = unchangedUser(users, launch.user, now);
    if (known) return admit(ctx, known, next);
    return upsertFromLaunchUser(ctx.state.em, launch.user, config.adminIds, users).then((user) => admit(ctx, user, next));
  };
}
