import { RetryLater } from './send-safely';

/** About an hour of trying (1 s, 2 s, 4 s … then every 5 minutes) before a notification is given up. */
export const MAX_NOTIFY_ATTEMPTS = 20;
const FIRST_MS = 1000;
const CAP_MS = 5 * 60_000;

/** When to run a failed event again: the longest retry_after Telegram asked for, else exponential backoff. */
export function retryDelayMs(failures: unknown[], attempt: number): number {
  const asked = failures.flatMap((f) => (f instanceof RetryLater ? [f.afterMs] : []));
  if (asked.length) return Math.max(...asked);
  return Math.min(CAP_MS, FIRST_MS * 2 ** attempt);
}
