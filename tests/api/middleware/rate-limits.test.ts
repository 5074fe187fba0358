import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { tryAgainIn } from '../../../contracts/rate-limits';
import { connectRateLimitStore, type RateLimitStore } from '../../../api/middleware/rate-limit-store';
import { createRateLimiters, RATE_LIMITS, type RateLimiter } from '../../../api/middleware/rate-limits';
import { freePort } from '../../../platform/postgres/embedded-postgres';
import { createLogger } from '../../../platform/logger';

const stores: RateLimitStore[] = [];
afterAll(() => Promise.all(stores.map((s) => s.close())));

/** Whether one hit passed; a refusal must be RATE_LIMITED. */
const passes = (limiter: RateLimiter, key: number | string) =>
  limiter.hit(key).then(
    () => true,
    (err: unknown) => {
      expect(err).toMatchObject({ code: 'RATE_LIMITED', status: 429 });
      return false;
    },
  );

describe('rate limiters (rate-limiter-flexible, in memory)', () => {
  it('let `limit` hits through per key and window, then refuse with the wait in seconds', async () => {
    const { reports } = createRateLimiters();
    for (let i = 0; i < RATE_LIMITS.reports.limit; i++) await reports.hit(1);
    await expect(reports.hit(1)).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      status: 429,
      message: expect.stringMatching(/^Слишком много жалоб\. Попробуйте через (59|60) мин$/),
      extra: { retryAfter: expect.any(Number) },
    });
    const refused = await reports.hit(1).catch((err: { extra: { retryAfter: number } }) => err.extra.retryAfter);
    expect(refused).toBeGreaterThan(3500);
    expect(refused).toBeLessThanOrEqual(3600);
    // Another key has its whole limit.
    expect(await passes(reports, 2)).toBe(true);
  });

  it('of two apps count apart', async () => {
    const [one, other] = [createRateLimiters(), createRateLimiters()];
    for (let i = 0; i < RATE_LIMITS.stickerImports.limit; i++) await one.stickerImports.hit(5);
    expect(await passes(one.stickerImports, 5)).toBe(false);
    expect(await passes(other.stickerImports, 5)).toBe(true);
  });

  it('keep counting in their own process when Redis cannot be reached', async () => {
    const store = await connectRateLimitStore(`redis://127.0.0.1:${await freePort()}`, createLogger('silent'), `test-rate:${randomUUID()}`);
    stores.push(store);
    const { stickerImports } = createRateLimiters(undefined, store);
    const results = [];
    for (let i = 0; i <= RATE_LIMITS.stickerImports.limit; i++) results.push(await passes(stickerImports, 9));
    expect(results).toEqual([...Array<boolean>(RATE_LIMITS.stickerImports.limit).fill(true), false]);
  });
});

describe('tryAgainIn', () => {
  it.each([
    [0.2, 'Попробуйте через 1 с'],
    [45, 'Попробуйте через 45 с'],
    [119, 'Попробуйте через 119 с'],
    [120, 'Попробуйте через 2 мин'],
    [3599, 'Попробуйте через 60 мин'],
  ])('%s s → %s', (seconds, text) => expect(tryAgainIn(seconds)).toBe(text));
});
