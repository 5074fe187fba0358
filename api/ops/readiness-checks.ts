import { pendingMigrations, type Orm } from '../../db/orm';
import { isDatabaseUnavailable } from '../middleware/database-unavailable';
import type { ReadinessCheck } from './readiness';

/** The database answers and has every migration of this build applied. */
export function databaseReady(orm: Orm): ReadinessCheck {
  return async () => {
    try {
      const pending = await pendingMigrations(orm);
      return pending.length > 0 ? `migrations pending: ${pending.length}` : null;
    } catch (err) {
      if (isDatabaseUnavailable(err)) return 'unreachable';
      throw err;
    }
  };
}

/** Something of this process that is running or not (the job worker). */
export function runningReady(isRunning: () => boolean, notYet = 'not running'): ReadinessCheck {
  return () => Promise.resolve(isRunning() ? null : notYet);
}

/** Redis answers a PING (REDIS_URL). */
export function redisReady(ping: () => Promise<void>): ReadinessCheck {
  return () =>
    ping().then(
      () => null,
      () => 'unreachable',
    );
}
