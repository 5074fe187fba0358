import type { SessionUser } from './session-user';

/** Where the user's evictions stood when a read began (UserCache.markOf). */
export interface ReadMark {
  evictions: number;
  forgotten: number;
}

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
  /**
   * How often each user was evicted: a read is dropped only for evictions of its own user, not for anyone's (40 users
   * opening the app at once each voided the others' reads otherwise: issue 42). Forgotten past `maxEntries` ids, and
   * then every read begun before that is dropped (`forgotten`).
   */
  private readonly evictions = new Map<number, number>();
  private forgotten = 0;
  constructor(private readonly maxEntries = 50_000) {}

  get(telegramId: number): SessionUser | undefined {
    return this.users.get(telegramId);
  }

  /** Taken before a read of the user's row: the row read is only kept when the user was not evicted meanwhile. */
  markOf(telegramId: number): ReadMark {
    return { evictions: this.evictions.get(telegramId) ?? 0, forgotten: this.forgotten };
  }

  /**
   * Keeps `user` unless the user was evicted since `mark` (the row read may predate that change) more often than
   * `ownEvictions`: the evictions the read's own write announces (its 'user.changed', heard before the write's
   * caller resumes), which leave the row it holds the newest.
   */
  keep(user: SessionUser, mark: ReadMark, ownEvictions = 0): void {
    if (mark.forgotten !== this.forgotten) return;
    if ((this.evictions.get(user.telegramId) ?? 0) - mark.evictions > ownEvictions) return;
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
    this.users.delete(telegramId);
    this.evictions.set(telegramId, (this.evictions.get(telegramId) ?? 0) + 1);
    if (this.evictions.size > this.maxEntries) {
      this.evictions.clear();
      this.forgotten++;
    }
  }

  get size(): number {
    return this.users.size;
  }
}
