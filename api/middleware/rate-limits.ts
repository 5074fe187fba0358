import { RATE_LIMIT_MESSAGES as M } from '../../contracts/rate-limits';
import type { Metrics } from '../../db/metrics/metrics';
import { RateLimiter, type HitCounter, type RateLimit } from './rate-limiter';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

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

/** One limiter per action. */
export type RateLimiters = Record<RateLimitedAction, RateLimiter>;

/**
 * Limiters of one app, built by its composition root (bot/application.ts, tests/support/test-app.ts) and passed
 * down: two apps in one process (tests, scale-out) count apart unless handed the same limiters. Refusals are counted
 * in `metrics` (rate_limit_refusals_total by limit).
 */
export function createRateLimiters(metrics?: Metrics): RateLimiters {
  const onRefused = metrics?.registry ? (name: string) => metrics.rateLimitRefused(name) : undefined;
  return Object.fromEntries(
    Object.entries(RATE_LIMITS).map(([action, rule]) => [action, new RateLimiter(rule, action, onRefused)]),
  ) as RateLimiters;
}

/** Counts every limit of `limiters` across processes through `counter` (REDIS_URL) until the returned function is called. */
export function shareLimits(limiters: RateLimiters, counter: HitCounter): () => void {
  for (const limiter of Object.values(limiters)) limiter.share(counter);
  return () => {
    for (const limiter of Object.values(limiters)) limiter.share(null);
  };
}
