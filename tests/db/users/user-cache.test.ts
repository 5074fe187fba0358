import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../db/users/session-user';
import { UserCache } from '../../../db/users/user-cache';

const userOf = (telegramId: number): SessionUser => ({
  telegramId,
  username: null,
  firstName: 'Тест',
  lastName: null,
  languageCode: 'ru',
  isPremium: false,
  photoUrl: null,
  customPhotoUrl: null,
  role: 'USER',
  isBanned: false,
  banReason: null,
  bannedAt: null,
  createdAt: new Date(),
  lastSeenAt: new Date(),
  writeAccess: null,
});

// Issue 42: many users open the app at once, and each start-up's write may announce its own user's change; a row
// read while someone else was evicted is still good, one read while its own user was evicted by another's change is not.
describe('the users cache keeping a row read from the database', () => {
  it('keeps it when only other users were evicted while it was read', () => {
    const cache = new UserCache();
    const mark = cache.markOf(1);
    cache.evict(2);
    cache.evict(3);
    cache.keep(userOf(1), mark);
    expect(cache.get(1)?.telegramId).toBe(1);
  });

  it('drops it when its own user was evicted while it was read (the row may predate a ban)', () => {
    const cache = new UserCache();
    const mark = cache.markOf(1);
    cache.evict(1);
    cache.keep(userOf(1), mark);
    expect(cache.get(1)).toBeUndefined();
    // A read begun after that eviction is kept.
    cache.keep(userOf(1), cache.markOf(1));
    expect(cache.get(1)?.telegramId).toBe(1);
  });

  it("keeps it after the eviction its own write announced, but not after one more (someone else's change)", () => {
    const cache = new UserCache();
    const mark = cache.markOf(1);
    cache.evict(1);
    cache.keep(userOf(1), mark, 1);
    expect(cache.get(1)?.telegramId).toBe(1);
    const next = cache.markOf(1);
    cache.evict(1);
    cache.evict(1);
    cache.keep(userOf(1), next, 1);
    expect(cache.get(1)).toBeUndefined();
  });

  it('drops every read begun before it forgot which users were evicted', () => {
    const cache = new UserCache(2);
    const mark = cache.markOf(1);
    for (const id of [2, 3, 4]) cache.evict(id);
    cache.keep(userOf(1), mark);
    expect(cache.get(1)).toBeUndefined();
    cache.keep(userOf(1), cache.markOf(1));
    expect(cache.get(1)?.telegramId).toBe(1);
  });
});
