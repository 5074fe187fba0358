import { AppError } from '../contracts/errors';
import { rateLimitMessage } from '../contracts/rate-limits';

export interface RateLimit {
  /** Hits allowed per window and key. */
  limit: number;
  windowMs: number;
  /** First sentence of the 429 message (RATE_LIMIT_MESSAGES). */
  head: string;
}

/**
 * Per-key fixed-window counter in memory (AMENDMENTS §2.4): `limit` hits per `windowMs`, then RATE_LIMITED
 * (429, Retry-After; on a socket an `error` with retryAfter). One process only; several would count in Redis.
 */
export class RateLimiter {
  private readonly windows = new Map<string | number, { startedAt: number; hits: number }>();
  private sweptAt = 0;

  constructor(readonly rule: RateLimit) {}

  /** Counts one hit for `key`; throws RATE_LIMITED (and does not count) when the window is full. */
  hit(key: string | number, now = Date.now()): void {
    const window = this.windowOf(key, now);
    if (window.hits >= this.rule.limit) throw this.refusal(window.startedAt, now);
    window.hits++;
  }

  private refusal(startedAt: number, now: number): AppError {
    const retryAfter = Math.max(1, Math.ceil((startedAt + this.rule.windowMs - now) / 1000));
    return new AppError('RATE_LIMITED', rateLimitMessage(this.rule.head, retryAfter), { retryAfter });
  }

  private windowOf(key: string | number, now: number): { startedAt: number; hits: number } {
    this.sweep(now);
    let window = this.windows.get(key);
    if (!window || now - window.startedAt >= this.rule.windowMs) {
      window = { startedAt: now, hits: 0 };
      this.windows.set(key, window);
    }
    return window;
  }

  private sweep(now: number): void {
    if (now - this.sweptAt < this.rule.windowMs) return;
    this.sweptAt = now;
    for (const [key, w] of this.windows) if (now - w.startedAt >= this.rule.windowMs) this.windows.delete(key);
  }
}
