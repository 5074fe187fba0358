import { describe, expect, it } from 'vitest';
import { tryAgainIn } from '../../../contracts/rate-limits';
import { RateLimiter } from '../../../api/middleware/rate-limiter';

describe('RateLimiter', () => {
  const limiter = () => new RateLimiter({ limit: 3, windowMs: 60_000, head: 'Слишком много лайков' });

  it('lets `limit` hits through per key and window, then refuses with the wait in seconds', () => {
    const l = limiter();
    for (let i = 0; i < 3; i++) l.hit(1, 1_000);
    expect(() => l.hit(1, 16_000)).toThrow(
      expect.objectContaining({
        code: 'RATE_LIMITED',
        status: 429,
        message: 'Слишком много лайков. Попробуйте через 45 с',
        extra: { retryAfter: 45 },
      }),
    );
    l.hit(2, 16_000);
  });

  it('opens again once the window has passed, and refusals do not extend it', () => {
    const l = limiter();
    for (let i = 0; i < 3; i++) l.hit('a', 0);
    for (let t = 1_000; t < 60_000; t += 10_000) expect(() => l.hit('a', t)).toThrow();
    expect(() => l.hit('a', 60_000)).not.toThrow();
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
