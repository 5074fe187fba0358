import type { JobDefinition } from '../../platform/jobs/job-definition';

/**
 * The barrier for "nothing was sent": a job's run has ended (sent, skipped or failed), so anything it would
 * have sent is in the fake Bot API's log by then. Wraps a job definition to record the payloads of finished runs.
 */
export class FinishedJobs {
  private readonly payloads: unknown[] = [];
  private readonly waiters = new Set<() => void>();

  track(job: JobDefinition): JobDefinition {
    return {
      ...job,
      task: async (payload, helpers) => {
        try {
          await job.task(payload, helpers);
        } finally {
          this.payloads.push(payload);
          for (const wake of [...this.waiters]) wake();
        }
      },
    };
  }

  /** Resolves once a run whose payload matches has ended (one that ended before the call counts). */
  waitFor(matches: (payload: unknown) => boolean, timeoutMs = 10_000): Promise<void> {
    if (this.payloads.some(matches)) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const wake = (): void => {
        if (!this.payloads.some(matches)) return;
        clearTimeout(timer);
        this.waiters.delete(wake);
        resolve();
      };
      const timer = setTimeout(() => {
        this.waiters.delete(wake);
        reject(new Error(`no matching job finished within ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiters.add(wake);
    });
  }
}

/** A notify job's payload: the event, and which of our retries the run is (0: the first). */
interface NotifyPayload {
  attempt?: number;
  event?: { name?: unknown; payload?: Record<string, unknown> };
}

/** A notify job's payload carries the event: `{ attempt, event: { name, payload } }`; with `attempt`, only that retry's run. */
export function isNotificationOf(name: string, fields: Record<string, unknown>, attempt?: number): (payload: unknown) => boolean {
  return (payload) => {
    const { event, attempt: runAttempt } = (payload as NotifyPayload | null) ?? {};
    return (
      event?.name === name &&
      (attempt === undefined || runAttempt === attempt) &&
      Object.entries(fields).every(([key, value]) => event.payload?.[key] === value)
    );
  };
}

/** The notify job of one chat message (message.created carries the message's record). */
export function isMessageNotification(chatId: number, seq: number): (payload: unknown) => boolean {
  return (payload) => {
    const event = (payload as NotifyPayload | null)?.event;
    const message = event?.payload?.message as { chatId?: unknown; seq?: unknown } | undefined;
    return event?.name === 'message.created' && message?.chatId === chatId && message.seq === seq;
  };
}
