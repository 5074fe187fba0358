import { Redis } from 'ioredis';
import type { Logger } from '../../db/logger';
import type { HitCounter } from './rate-limiter';

export interface RedisHitCounter extends HitCounter {
  close(): Promise<void>;
}

/**
 * Rate-limit counts shared by every process: INCR + PEXPIRE on one key per limit, key and window, sent in one
 * pipeline. Never holds a request: the limiters do not wait for the reply, a count fails after a short timeout
 * or when a reconnection attempt fails (logged once per outage), and the limiters fall back to their own count.
 */
export function connectRedisHitCounter(url: string, logger: Logger, opts: { prefix?: string } = {}): RedisHitCounter {
  const prefix = opts.prefix ?? 'orbita:rate';
  const redis = new Redis(url, { maxRetriesPerRequest: 1, commandTimeout: 1_000 });
  redis.on('error', (err: Error) => logger.debug('redis rate counter error', { err: err.message }));
  let failing = false;
  const failed = (err: unknown): never => {
    if (!failing)
      logger.warn('rate limits count in this process only until Redis answers again', {
        err: err instanceof Error ? err.message : String(err),
      });
    failing = true;
    throw err;
  };

  return {
    increment: async (bucket, ttlMs) => {
      const key = `${prefix}:${bucket}`;
      const replies = await redis.pipeline().incr(key).pexpire(key, Math.ceil(ttlMs)).exec().catch(failed);
      const [err, total] = replies?.[0] ?? [new Error('no reply')];
      if (err || typeof total !== 'number') return failed(err ?? new Error(`unexpected reply ${String(total)}`));
      if (failing) logger.info('rate limits count across processes again');
      failing = false;
      return total;
    },
    close: async () => {
      if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
      else redis.disconnect();
    },
  };
}
