/** A task retried in the background until it succeeds: starting the bot or registering its webhook while Telegram is unreachable. */

export interface BackgroundRetry {
  /** No further tries; the task sees its signal aborted. */
  stop(): void;
}

export interface BackgroundRetryOptions {
  /** Told about each failure and the wait before the next try (not called once stopped). */
  onRetry(err: unknown, delayMs: number): void;
  firstDelayMs?: number;
  maxDelayMs?: number;
}

/** Runs `task` now and, while it fails, again after 1 s, 2 s, 4 s… up to a minute; the process does not wait for the timer. */
export function retryInBackground(task: (signal: AbortSignal) => Promise<void>, opts: BackgroundRetryOptions): BackgroundRetry {
  const { firstDelayMs = 1000, maxDelayMs = 60_000 } = opts;
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const attempt = async (n: number): Promise<void> => {
    if (controller.signal.aborted) return;
    try {
      await task(controller.signal);
    } catch (err) {
      if (controller.signal.aborted) return;
      const delayMs = Math.min(maxDelayMs, firstDelayMs * 2 ** n);
      opts.onRetry(err, delayMs);
      timer = setTimeout(() => void attempt(n + 1), delayMs);
      timer.unref();
    }
  };
  void attempt(0);
  return {
    stop: () => {
      controller.abort();
      clearTimeout(timer);
    },
  };
}
