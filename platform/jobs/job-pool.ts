import pg from 'pg';
import type { Logger } from '../logger';

/**
 * A connection pool for the queue that we own and end: a connection dropped (the database restarting or stopping
 * first at shutdown), idle in the pool or held by the worker (its LISTEN connection), is logged instead of crashing
 * the process as an unhandled 'error' (graphile-worker's own check asks for both handlers).
 */
export function openJobPool(connectionString: string, max: number, logger: Logger): pg.Pool {
  const pool = new pg.Pool({ connectionString, max });
  const lost = (err: Error) => logger.warn('jobs: database connection lost', { err: err.message });
  pool.on('error', lost);
  pool.on('connect', (client) => client.on('error', lost));
  return pool;
}
