import { AppError } from '../contracts/errors';

/**
 * Per-key fixed-window counter in memory (AMENDMENTS §2.4): `limit` hits per `windowMs`, then a 429 with
 * Retry-After. One process only; several processes would keep the counters in Redis.
 */
export class RateLimiter {
  private readonly windows = new Map<string | number, { startedAt: number; hits: number }>();
  private sweptAt = 0;

  constructor(private readonly opts: { limit: number; windowMs: number; message: string }) {}

  /** Counts one hit for `key`; throws RATE_LIMITED when the window is full. */
  hit(key: string | number, now = Date.now()): void {
    this.sweep(now);
    let window = this.windows.get(key);
    if (!window || now - window.startedAt >= this.opts.windowMs) {
      window = { startedAt: now, hits: 0 };
      this.windows.set(key, window);
    }
    if (window.hits >= this.opts.limit) {
      const retryAfter = Math.max(1, Math.ceil((window.startedAt + this.opts.windowMs - now) / 1000));
      throw new AppError('RATE_LIMITED', this.opts.message, { retryAfter });
    }
    window.hits++;
  }

  private sweep(now: number): void {
    if (now - this.sweptAt < this.opts.windowMs) return;
    this.sweptAt = now;
    for (const [key, w] of this.windows) if (now - w.startedAt >= this.opts.windowMs) this.windows.delete(key);
  }
}
