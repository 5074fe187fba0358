import { Redis } from 'ioredis';
import type { Logger } from '../../platform/logger';
import type { SharedCounts } from './rate-limits';

export interface RateLimitStore extends SharedCounts {
  close(): Promise<void>;
}

/**
 * The Redis connection every API process counts its rate limits on (REDIS_URL; createRateLimiters' `shared`). As
 * rate-limiter-flexible advises: no offline queue and a short command timeout, so a count never waits on a Redis that
 * does not answer; its limiters then count in memory (their insurance limiters) until it answers again, which is
 * logged once per outage. Resolves once connected (counts before that would stay in this process), or once the
 * first attempt failed: ioredis goes on reconnecting.
 */
export async function connectRateLimitStore(url: string, logger: Logger, prefix?: string): Promise<RateLimitStore> {
  const redis = new Redis(url, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1, commandTimeout: 1_000 });
  let failing = false;
  redis.on('error', (err: Error) => {
    if (!failing) logger.warn('rate limits count in this process only until Redis answers again', { err: err.message });
    failing = true;
  });
  redis.on('ready', () => {
    if (failing) logger.info('rate limits count across processes again');
    failing = false;
  });
  await redis.connect().catch(() => undefined);
  return {
    redis,
    prefix,
    close: async () => {
      if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
      else redis.disconnect();
    },
  };
}
