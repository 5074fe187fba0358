import { AppError } from '../../contracts/errors';
import type { RateLimiter } from './rate-limits';

/**
 * Runs a lookup of another user by id. A miss (answered as for a missing person) counts against the caller's
 * `lookupMisses`; past the limit the miss is answered 429 instead, so ids cannot be probed quickly.
 */
export async function countingMisses<T>(misses: RateLimiter, callerId: number, lookup: () => Promise<T>): Promise<T> {
  try {
    return await lookup();
  } catch (err) {
    if (err instanceof AppError && err.code === 'NOT_FOUND') await misses.hit(callerId);
    throw err;
  }
}
