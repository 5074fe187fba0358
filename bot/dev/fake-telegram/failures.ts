import { ApiError, type FailureSpec } from './params';

/** How Telegram fails in a test: a 429 with retry_after, a 5xx, or no answer at all (the connection drops). */
export type FailureMode = { status: 429; retryAfter: number } | { status: 500 | 502 | 503 | 504 } | 'unreachable';

export interface FailureScope {
  /** How many calls fail; without it, every call until failWith(null). */
  times?: number;
  /** Which methods fail; by default all but getUpdates (the bot's long poll keeps working). */
  methods?: string[];
}

/** The failure mode set by failWith(), counting down the calls it takes. */
export class FailureModes {
  private current: { mode: FailureMode; remaining: number; methods: Set<string> | null } | null = null;

  set(mode: FailureMode | null, scope: FailureScope = {}): void {
    const methods = scope.methods ? new Set(scope.methods.map((m) => m.toLowerCase())) : null;
    this.current = mode && scope.times !== 0 ? { mode, remaining: scope.times ?? Infinity, methods } : null;
  }

  /** The failure for this call, if any; it uses up one of `times`. */
  take(method: string): FailureMode | undefined {
    const current = this.current;
    const name = method.toLowerCase();
    if (!current || (current.methods ? !current.methods.has(name) : name === 'getupdates')) return undefined;
    if (--current.remaining <= 0) this.current = null;
    return current.mode;
  }
}

export function failureError(mode: Exclude<FailureMode, 'unreachable'>): ApiError {
  if (mode.status === 429) return new ApiError(429, `Too Many Requests: retry after ${mode.retryAfter}`, { retry_after: mode.retryAfter });
  return new ApiError(mode.status, mode.status === 502 ? 'Bad Gateway' : 'Internal Server Error');
}

/** Failures set by failNext(): the next `times` calls of one method answer with `failure`. */
export class MethodFailures {
  private readonly pending = new Map<string, { remaining: number; failure: FailureSpec }>();

  set(method: string, times: number, failure: FailureSpec): void {
    const key = method.toLowerCase();
    if (times > 0) this.pending.set(key, { remaining: times, failure });
    else this.pending.delete(key);
  }

  /** The failure for this call as an ApiError, if any; it uses up one of `times`. */
  take(method: string): ApiError | undefined {
    const key = method.toLowerCase();
    const pending = this.pending.get(key);
    if (!pending) return undefined;
    if (--pending.remaining <= 0) this.pending.delete(key);
    const { error_code, description, parameters } = pending.failure;
    return new ApiError(error_code, description, parameters);
  }
}
