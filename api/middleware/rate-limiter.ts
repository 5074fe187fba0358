import { AppError } from '../../contracts/errors';
import { rateLimitMessage } from '../../contracts/rate-limits';

export interface RateLimit {
  /** Hits allowed per window and key. */
  limit: number;
  windowMs: number;
  /** First sentence of the 429 message (RATE_LIMIT_MESSAGES). */
  head: string;
  /** Keys name something of one process (a socket): never counted across processes. */
  perProcess?: boolean;
}

/** A count shared by every process (Redis): adds one hit to `bucket`, which expires after `ttlMs`, and resolves to its total. */
export interface HitCounter {
  increment(bucket: string, ttlMs: number): Promise<number>;
}

/** What this process knows of one key's hits in one window aligned on the clock, counted by every process. */
interface SharedWindow {
  index: number;
  /** The total of the last reply from the counter (every process's hits, ours included). */
  known: number;
  /** Our hits sent to the counter whose reply has not come back yet. */
  inFlight: number;
}

/**
 * Per-key fixed-window counter (AMENDMENTS §2.4): `limit` hits per `windowMs`, then RATE_LIMITED (429,
 * Retry-After; on a socket an `error` with retryAfter). In memory per process; with a shared HitCounter
 * (REDIS_URL) every accepted hit is also counted across processes and the known cluster total refuses too.
 * `hit()` stays synchronous, so that total is the one of the last reply: hits made on other processes since
 * then, and ours during the round trip, can pass the limit by a few (at most one round trip's worth per
 * process). A failing counter only stops the sharing: the local limit always holds.
 */
export class RateLimiter {
  private readonly windows = new Map<string | number, { startedAt: number; hits: number }>();
  private readonly shared = new Map<string | number, SharedWindow>();
  private counter: HitCounter | null = null;
  private sweptAt = 0;

  /** `name` tells the limits apart in the shared counter; `onRefused` hears of each refusal (metrics). */
  constructor(
    readonly rule: RateLimit,
    readonly name = 'limit',
    private readonly onRefused?: (name: string) => void,
  ) {}

  /** Counts hits across processes through `counter` from now on (null: this process only). */
  share(counter: HitCounter | null): void {
    this.counter = this.rule.perProcess ? null : counter;
    this.shared.clear();
  }

  /** Counts one hit for `key`; throws RATE_LIMITED (and does not count) when the window is full. */
  hit(key: string | number, now = Date.now()): void {
    const window = this.windowOf(key, now);
    if (window.hits >= this.rule.limit) throw this.refusal(window.startedAt + this.rule.windowMs, now);
    const shared = this.counter ? this.sharedOf(key, now) : null;
    if (shared && shared.known + shared.inFlight >= this.rule.limit) throw this.refusal((shared.index + 1) * this.rule.windowMs, now);
    window.hits++;
    if (shared) this.send(key, shared, now);
  }

  private send(key: string | number, shared: SharedWindow, now: number): void {
    const ttlMs = (shared.index + 1) * this.rule.windowMs - now + 1_000;
    shared.inFlight++;
    // Fire and forget: the counter logs its own failures; a lost reply only leaves the known total lower.
    this.counter!.increment(`${this.name}:${key}:${shared.index}`, ttlMs)
      .then(
        (total) => void (shared.known = Math.max(shared.known, total)),
        () => undefined,
      )
      .finally(() => shared.inFlight--);
  }

  private refusal(endsAt: number, now: number): AppError {
    this.onRefused?.(this.name);
    const retryAfter = Math.max(1, Math.ceil((endsAt - now) / 1000));
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

  // Shared windows are aligned on the clock (not on a first hit) so that every process counts the same one.
  private sharedOf(key: string | number, now: number): SharedWindow {
    const index = Math.floor(now / this.rule.windowMs);
    let shared = this.shared.get(key);
    if (shared?.index !== index) {
      shared = { index, known: 0, inFlight: 0 };
      this.shared.set(key, shared);
    }
    return shared;
  }

  private sweep(now: number): void {
    if (now - this.sweptAt < this.rule.windowMs) return;
    this.sweptAt = now;
    for (const [key, w] of this.windows) if (now - w.startedAt >= this.rule.windowMs) this.windows.delete(key);
    const index = Math.floor(now / this.rule.windowMs);
    for (const [key, s] of this.shared) if (s.index < index) this.shared.delete(key);
  }
}
