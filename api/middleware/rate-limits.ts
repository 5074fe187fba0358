import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { AppError } from '../../contracts/errors';
import { RATE_LIMIT_MESSAGES as M, rateLimitMessage } from '../../contracts/rate-limits';
import type { Metrics } from '../../platform/metrics/metrics';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

interface RateLimit {
  /** Hits allowed per window and key. */
  limit: number;
  /** A whole number of seconds (rate-limiter-flexible's duration). */
  windowMs: number;
  /** First sentence of the 429 message (RATE_LIMIT_MESSAGES). */
  head: string;
}

/**
 * Every rate limit of the product, one per action (AMENDMENTS §2.4). Generous for a real person, tight for
 * a script; keys are the Telegram id unless said otherwise. Attempts count whether or not they succeed.
 */
export const RATE_LIMITS = {
  /** Likes from explore and from the likes screen (dislikes are bounded by the socket limit only). */
  likes: { limit: 60, windowMs: MINUTE, head: M.likes },
  /** Chat messages of any kind (socket text, HTTP photo and sticker sends): a person types far slower. */
  messages: { limit: 30, windowMs: 10 * SECOND, head: M.messages },
  /** Reports; every attempt counts, so ids cannot be probed quickly either. */
  reports: { limit: 10, windowMs: HOUR, head: M.reports },
  /**
   * Lookups by user id that find nobody the caller may reach (AMENDMENTS §5.1): a person meets people through the
   * feed, so misses come from scripts probing ids, never from a real user.
   */
  lookupMisses: { limit: 30, windowMs: MINUTE, head: M.generic },
  /** Image uploads (onboarding takes 3 to 5 photos; chat photos are uploads too). */
  uploads: { limit: 30, windowMs: 10 * MINUTE, head: M.uploads },
  /** Sticker pack imports: each may fetch and store up to 120 pictures. */
  stickerImports: { limit: 5, windowMs: HOUR, head: M.stickerImports },
  /** Image renditions encoded on request (/cdn misses), per client address: anyone can ask, and each costs an encode. */
  renditionMisses: { limit: 120, windowMs: MINUTE, head: M.generic },
  /** initData with a bad signature, per client address (expired initData is an honest client: not counted). */
  initDataFailures: { limit: 20, windowMs: MINUTE, head: M.generic },
  /** WebSocket messages of one user over all their sockets, whatever their kind (a live screen sends a few a second at most). */
  socketMessages: { limit: 120, windowMs: 10 * SECOND, head: M.generic },
} as const satisfies Record<string, RateLimit>;

export type RateLimitedAction = keyof typeof RATE_LIMITS;

/** One action's limit: `hit` counts one attempt for `key` and rejects with RATE_LIMITED (429, retryAfter) past the limit. */
export interface RateLimiter {
  hit(key: string | number): Promise<void>;
}

/** One limiter per action. */
export type RateLimiters = Record<RateLimitedAction, RateLimiter>;

/** Where every API process counts (REDIS_URL): an ioredis client of this app's own, and the key prefix. */
export interface SharedCounts {
  redis: Redis;
  /** Prefix of every counter's key; `orbita:rate` unless said (tests use one per run). */
  prefix?: string;
}

/**
 * The counter of one action from rate-limiter-flexible: a fixed window from the first hit. In memory, or with
 * `shared` in Redis (one atomic count per key and window for every process), with an in-memory insurance limiter
 * that takes over while Redis does not answer, so a limit always holds at least per process.
 */
function counterFor(action: string, rule: RateLimit, shared?: SharedCounts): RateLimiterAbstract {
  const options = { points: rule.limit, duration: rule.windowMs / SECOND };
  if (!shared) return new RateLimiterMemory({ ...options, keyPrefix: action });
  return new RateLimiterRedis({
    ...options,
    storeClient: shared.redis,
    keyPrefix: `${shared.prefix ?? 'orbita:rate'}:${action}`,
    rejectIfRedisNotReady: true,
    insuranceLimiter: new RateLimiterMemory({ ...options, keyPrefix: `${action}:insurance` }),
  });
}

function limiterOf(action: string, rule: RateLimit, onRefused: ((name: string) => void) | undefined, shared?: SharedCounts): RateLimiter {
  const counter = counterFor(action, rule, shared);
  return {
    hit: (key) =>
      counter.consume(key).then(
        () => undefined,
        (refusal: unknown) => {
          // With an insurance limiter a store's failure never reaches here; anything but a refusal is a fault.
          if (!(refusal instanceof RateLimiterRes)) throw refusal;
          onRefused?.(action);
          const retryAfter = Math.max(1, Math.ceil(refusal.msBeforeNext / SECOND));
          throw new AppError('RATE_LIMITED', rateLimitMessage(rule.head, retryAfter), { retryAfter });
        },
      ),
  };
}

/**
 * Limiters of one app, built by its composition root (bot/startup-steps.ts, tests/support/test-app.ts) and passed
 * down: two apps in one process count apart unless handed the same limiters, or both count in Redis (`shared`,
 * REDIS_URL), where N processes share one allowance. Refusals are counted in `metrics` (rate_limit_refusals_total
 * by limit).
 */
export function createRateLimiters(metrics?: Metrics, shared?: SharedCounts): RateLimiters {
  const onRefused = metrics?.registry ? (name: string) => metrics.rateLimitRefused(name) : undefined;
  return Object.fromEntries(
    Object.entries(RATE_LIMITS).map(([action, rule]) => [action, limiterOf(action, rule, onRefused, shared)]),
  ) as RateLimiters;
}
