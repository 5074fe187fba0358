import type { Update } from 'grammy/types';

/** Updates waiting for getUpdates, numbered as Telegram numbers them. */
export class UpdateQueue {
  private updates: Update[] = [];
  private nextUpdateId = 1;

  enqueue(body: Omit<Update, 'update_id'>): Update {
    const update: Update = { update_id: this.nextUpdateId++, ...body };
    this.updates.push(update);
    return update;
  }

  /** Confirms updates below offset (negative: keep only the last -offset) and returns up to limit pending ones. */
  take(offset: number | undefined, limit: number): Update[] {
    if (offset !== undefined && offset > 0) this.updates = this.updates.filter((u) => u.update_id >= offset);
    if (offset !== undefined && offset < 0) this.updates = this.updates.slice(offset);
    return this.updates.slice(0, limit);
  }

  get pending(): number {
    return this.updates.length;
  }

  clear(): void {
    this.updates = [];
  }
}
