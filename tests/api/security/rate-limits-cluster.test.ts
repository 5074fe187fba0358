import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectRateLimitStore, type RateLimitStore } from '../../../api/middleware/rate-limit-store';
import { createRateLimiters, RATE_LIMITS, type RateLimitedAction, type RateLimiters } from '../../../api/middleware/rate-limits';
import { createLogger } from '../../../platform/logger';
import { signInitData } from '../../support/init-data';
import { startRedis, type RedisServer } from '../../support/processes';
import { createTestApp, type TestApp } from '../../support/test-app';

// README "Abuse limits" with REDIS_URL: every API process counts in Redis, so N processes never give a user N times
// the allowance. Two apps in this process stand for two API processes, each with a Redis connection of its own and
// the same key prefix (unique to this run, so runs and other tests never share counts). The machine's Redis
// (REDIS_URL, else 127.0.0.1:6379), else one started here (startRedis: a redis-server binary), else skipped.
const MACHINE_REDIS = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
let redis: RedisServer | null = null;
const prefix = `test-rate:${randomUUID()}`;
const stores: RateLimitStore[] = [];
let skipReason: string | null = null;

/** Whether Redis at `url` answers PING within a second. */
async function answers(url: string): Promise<boolean> {
  const probe = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    connectTimeout: 1_000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

/** One API process's limiters: its own Redis connection, the shared prefix. */
async function processLimits(): Promise<RateLimiters> {
  const store = await connectRateLimitStore(redis!.url, createLogger('silent'), prefix);
  stores.push(store);
  return createRateLimiters(undefined, store);
}

beforeAll(async () => {
  redis = (await answers(MACHINE_REDIS)) ? { url: MACHINE_REDIS, stop: async () => undefined } : await startRedis();
  if (!redis || !(await answers(redis.url)))
    skipReason = `cross-process rate limits skipped: no Redis answers (tried ${redis?.url ?? MACHINE_REDIS}; set REDIS_URL or install redis-server)`;
  if (skipReason) console.warn(skipReason);
}, 30_000);
afterAll(async () => {
  await Promise.all(stores.map((s) => s.close()));
  await redis?.stop();
});

describe('rate limits across API processes (Redis)', () => {
  it.for(Object.keys(RATE_LIMITS) as RateLimitedAction[])(
    '%s: two processes hit at once allow the limit once, not twice',
    async (action, ctx) => {
      if (skipReason) return ctx.skip();
      const [one, two] = await Promise.all([processLimits(), processLimits()]);
      const { limit } = RATE_LIMITS[action];
      const key = action === 'initDataFailures' || action === 'renditionMisses' ? '203.0.113.7' : 4242;
      // 2 × limit hits at once, alternating between the processes: each alone would let `limit` through.
      const outcomes = await Promise.all(
        Array.from({ length: 2 * limit }, (_, i) =>
          (i % 2 ? two : one)[action].hit(key).then(
            () => 'passed',
            (err: { code?: string }) => err.code,
          ),
        ),
      );
      expect(outcomes.filter((o) => o === 'passed')).toHaveLength(limit);
      expect(outcomes.filter((o) => o === 'RATE_LIMITED')).toHaveLength(limit);
      // Another key still has its whole allowance on either process.
      await expect(two[action].hit(`${key}-other`)).resolves.toBeUndefined();
    },
  );

  describe('over HTTP, alternating between two apps', () => {
    let apps: TestApp[] = [];
    beforeAll(async () => {
      if (skipReason) return;
      const shared = async () => {
        const store = await connectRateLimitStore(redis!.url, createLogger('silent'), `${prefix}:http`);
        stores.push(store);
        return store;
      };
      apps = [await createTestApp({ sharedLimits: await shared() }), await createTestApp({ sharedLimits: await shared() })];
    }, 60_000);
    afterAll(() => Promise.all(apps.map((a) => a.close())));

    it('reports: 10 an hour for the user whichever process answers', async (ctx) => {
      if (skipReason) return ctx.skip();
      const initData = signInitData({ id: 777_001, first_name: 'Тест' });
      const statuses: number[] = [];
      for (let i = 0; i < 2 * RATE_LIMITS.reports.limit; i++) {
        // Every attempt counts; an empty report is refused as invalid once let through.
        const res = await apps[i % 2]!.request.post('/api/profile/report').set('Authorization', `tma ${initData}`).send({});
        statuses.push(res.status);
      }
      expect(statuses.filter((s) => s === 400)).toHaveLength(RATE_LIMITS.reports.limit);
      expect(statuses.slice(RATE_LIMITS.reports.limit)).toEqual(Array<number>(RATE_LIMITS.reports.limit).fill(429));
    });
  });
});
