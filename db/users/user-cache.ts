import type { SessionUser } from './session-user';

/**
 * The users rows this process has read or written lately, so that an authenticated call whose launch user
 * matches (and whose last-seen time is fresh) needs no database work. Entries are frozen plain records, not
 * managed entities. Changes made through the product evict at once (user-cache-eviction.ts: events, relayed
 * between processes); and since an entry only answers while its last-seen time is under a minute old
 * (LAST_SEEN_RESOLUTION_MS), no entry is ever older than that, whatever wrote the row (a hand-run UPDATE too).
 */
export class UserCache {
  private readonly users = new Map<number, SessionUser>();
  private readonly reads = new Map<number, Promise<unknown>>();
  private generation = 0;
  constructor(private readonly maxEntries = 50_000) {}

  get(telegramId: number): SessionUser | undefined {
    return this.users.get(telegramId);
  }

  /** Taken before a read from the database; the row read is only kept when nothing was evicted meanwhile. */
  get epoch(): number {
    return this.generation;
  }

  /** Keeps `user` unless an eviction happened since `epoch` (the row read may predate that change). */
  keep(user: SessionUser, epoch: number): void {
    if (epoch !== this.generation) return;
    this.users.delete(user.telegramId);
    this.users.set(user.telegramId, Object.freeze(user));
    if (this.users.size > this.maxEntries) this.users.delete(this.users.keys().next().value!);
  }

  /** The user's row being read or written now, if it is (settled: gone). */
  readUnderWay(telegramId: number): Promise<unknown> | undefined {
    return this.reads.get(telegramId);
  }

  /** Marks `read` as the user's row under way until it settles: the user's calls meanwhile wait for it. */
  readStarted(telegramId: number, read: Promise<unknown>): void {
    this.reads.set(telegramId, read);
    const done = () => {
      if (this.reads.get(telegramId) === read) this.reads.delete(telegramId);
    };
    read.then(done, done);
  }

  evict(telegramId: number): void {
    this.generation++;
    this.users.delete(telegramId);
  }

  get size(): number {
    return this.users.size;
  }
}
