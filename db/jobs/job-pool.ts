import pg from 'pg';
import type { Logger } from '../logger';

/**
 * A connection pool for the queue that we own and end: a connection dropped while idle (the database restarting
 * or stopping first at shutdown) is logged instead of crashing the process as an unhandled 'error'.
 */
export function openJobPool(connectionString: string, max: number, logger: Logger): pg.Pool {
  const pool = new pg.Pool({ connectionString, max });
  pool.on('error', (err) => logger.warn('jobs: database connection lost', { err: err.message }));
  return pool;
}
