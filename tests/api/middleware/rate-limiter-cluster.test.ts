import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../db/embedded-postgres';
import { createLogger } from '../../../db/logger';
import { RateLimiter, type HitCounter } from '../../../api/middleware/rate-limiter';
import { connectRedisHitCounter, type RedisHitCounter } from '../../../api/middleware/redis-hit-counter';
import { startRedis, type RedisServer } from '../../support/processes';

let redis: RedisServer | null;
const counters: RedisHitCounter[] = [];

beforeAll(async () => {
  redis = await startRedis();
  if (!redis) console.warn('cluster rate-limit test skipped: no redis-server binary and no REDIS_URL');
}, 30_000);

afterAll(async () => {
  await Promise.all(counters.map((c) => c.close()));
  await redis?.stop();
});

const rule = { limit: 10, windowMs: 60_000, head: 'Слишком много лайков' };
const NOW = 1_000;

/** One process's limiter with its own Redis connection; `settled()` waits for its counts in flight. */
function processLimiter(url: string, prefix: string, extra: { perProcess?: boolean } = {}) {
  const counter = connectRedisHitCounter(url, createLogger('silent'), { prefix });
  counters.push(counter);
  const inFlight: Array<Promise<number>> = [];
  const tracked: HitCounter = { increment: (bucket, ttlMs) => (inFlight.push(counter.increment(bucket, ttlMs)), inFlight.at(-1)!) };
  const limiter = new RateLimiter({ ...rule, ...extra }, 'likes');
  limiter.share(tracked);
  return { limiter, settled: () => Promise.allSettled(inFlight) };
}

const tries = (limiter: RateLimiter, key: number | string) => {
  try {
    limiter.hit(key, NOW);
    return true;
  } catch (err) {
    expect(err).toMatchObject({ code: 'RATE_LIMITED', status: 429 });
    return false;
  }
};

describe('RateLimiter shared through Redis', () => {
  it('two processes together refuse at the limit, not at twice the limit', async (ctx) => {
    if (!redis) return ctx.skip();
    const prefix = `test-rate:${randomUUID()}`;
    const [p1, p2] = [processLimiter(redis.url, prefix), processLimiter(redis.url, prefix)];
    let accepted = 0;
    // A client alternating between the two processes, each hit after the previous count came back.
    for (let i = 0; i < 2 * rule.limit; i++) {
      const p = i % 2 ? p2 : p1;
      if (tries(p.limiter, 7)) accepted++;
      await p.settled();
    }
    // Within one hit: a process learns the others' hits from the reply to its own (the documented overshoot).
    expect(accepted).toBeGreaterThanOrEqual(rule.limit);
    expect(accepted).toBeLessThanOrEqual(rule.limit + 1);
    expect([tries(p1.limiter, 7), tries(p2.limiter, 7)]).toEqual([false, false]);
    // Another key still has its whole limit.
    expect(tries(p2.limiter, 8)).toBe(true);
  });

  it('keeps a per-process limit (keys naming a socket of one process) to each process', async (ctx) => {
    if (!redis) return ctx.skip();
    const prefix = `test-rate:${randomUUID()}`;
    const [p1, p2] = [processLimiter(redis.url, prefix, { perProcess: true }), processLimiter(redis.url, prefix, { perProcess: true })];
    for (const p of [p1, p2]) {
      for (let i = 0; i < rule.limit; i++) expect(tries(p.limiter, 'ws1')).toBe(true);
      await p.settled();
    }
    expect([tries(p1.limiter, 'ws1'), tries(p2.limiter, 'ws1')]).toEqual([false, false]);
  });

  it('keeps counting in its own process when Redis cannot be reached', async () => {
    const { limiter, settled } = processLimiter(`redis://127.0.0.1:${await freePort()}`, `test-rate:${randomUUID()}`);
    for (let round = 0; round < 2; round++) {
      const key = 100 + round;
      for (let i = 0; i < rule.limit; i++) expect(tries(limiter, key)).toBe(true);
      expect(() => limiter.hit(key, NOW)).toThrow(expect.objectContaining({ code: 'RATE_LIMITED', extra: { retryAfter: 60 } }));
      // The failed counts come back as errors without reaching the caller; the next key is not held up by them.
      expect((await settled()).every((count) => count.status === 'rejected')).toBe(true);
    }
  });
});
