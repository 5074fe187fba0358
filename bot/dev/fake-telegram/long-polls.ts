import type { ServerResponse } from 'node:http';
import type { Update } from 'grammy/types';
import type { Params } from './params';

/** getUpdates calls held open until an update arrives, their timeout passes or the client gives up. */

// Telegram itself caps long polling at 50 s.
const MAX_POLL_SECONDS = 50;

interface Poller {
  token: string;
  offset: number | undefined;
  limit: number;
  finish(updates: Update[]): void;
}

type TakeUpdates = (offset: number | undefined, limit: number) => Update[];

function intParam(params: Params, name: string): number | undefined {
  const value = params[name];
  const n = typeof value === 'number' ? value : typeof value === 'string' && value !== '' ? Number(value) : NaN;
  return Number.isFinite(n) ? Math.trunc(n) : undefined;
}

export class LongPolls {
  private readonly pollers = new Set<Poller>();
  /** waitForWaiting calls not answered yet: settled with nothing when a poll starts waiting, or with an error. */
  private readonly waiters = new Set<(err?: Error) => void>();

  constructor(private readonly takeUpdates: TakeUpdates) {}

  /** Answers at once when updates are ready or no wait is asked (or `answerNow`), else when one arrives. */
  poll(token: string, params: Params, res: ServerResponse, answerNow: boolean): Promise<Update[]> {
    const offset = intParam(params, 'offset');
    const limit = Math.min(Math.max(intParam(params, 'limit') ?? 100, 1), 100);
    const timeout = Math.min(Math.max(intParam(params, 'timeout') ?? 0, 0), MAX_POLL_SECONDS);
    // A newer poll replaces older waiting ones (Telegram answers those with 409; [] is gentler).
    for (const poller of [...this.pollers]) if (poller.token === token) poller.finish([]);
    const ready = this.takeUpdates(offset, limit);
    if (ready.length > 0 || timeout === 0 || answerNow) return Promise.resolve(ready);
    return new Promise<Update[]>((resolve) => {
      const poller: Poller = {
        token,
        offset,
        limit,
        finish: (updates) => {
          if (!this.pollers.delete(poller)) return;
          clearTimeout(timer);
          res.off('close', onHangUp);
          resolve(updates);
        },
      };
      // The client gave up (grammY aborts the poll on bot.stop()).
      const onHangUp = (): void => poller.finish([]);
      const timer = setTimeout(() => poller.finish([]), timeout * 1000);
      res.on('close', onHangUp);
      this.pollers.add(poller);
      for (const settle of [...this.waiters]) settle();
    });
  }

  /** Resolves once a poll is held open waiting for updates (at once when one is); rejects after `timeoutMs` or on close. */
  waitForWaiting(timeoutMs: number): Promise<void> {
    if (this.pollers.size > 0) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const settle = (err?: Error): void => {
        clearTimeout(timer);
        this.waiters.delete(settle);
        if (err) reject(err);
        else resolve();
      };
      const timer = setTimeout(() => settle(new Error(`fake-telegram: no getUpdates poll waiting within ${timeoutMs} ms`)), timeoutMs);
      this.waiters.add(settle);
    });
  }

  /** Hands new updates to the polls waiting for them. */
  deliver(): void {
    for (const poller of [...this.pollers]) {
      const updates = this.takeUpdates(poller.offset, poller.limit);
      if (updates.length > 0) poller.finish(updates);
    }
  }

  /** Answers every waiting poll with no updates. */
  releaseAll(): void {
    for (const poller of [...this.pollers]) poller.finish([]);
  }

  /** Answers every waiting poll, and rejects every waitForWaiting. */
  close(): void {
    this.releaseAll();
    for (const settle of [...this.waiters]) settle(new Error('fake-telegram: closed'));
  }
}
