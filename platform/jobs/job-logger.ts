import { Logger as WorkerLogger } from 'graphile-worker';
import type { Logger, LogLevel } from '../logger';

// The worker reports every job it completes at 'info'; that is debug detail here.
const LEVELS: Record<string, Exclude<LogLevel, 'silent'>> = { error: 'error', warning: 'warn', info: 'debug', debug: 'debug' };

/** graphile-worker's logger writing to ours (one line per message, fields as JSON). */
export function workerLogger(logger: Logger): WorkerLogger {
  return new WorkerLogger((scope) => (level, message, meta) => {
    logger[LEVELS[String(level)] ?? 'info'](`jobs: ${message}`, { ...scope, ...meta });
  });
}
