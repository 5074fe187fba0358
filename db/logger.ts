import { DriverException } from '@mikro-orm/core';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';
const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
}

const SQLSTATE = /^([0-9][0-9A-Z]|F0|HV|P0|XX)[0-9A-Z]{3}$/;

/**
 * A database error as it may be logged: its SQLSTATE and PostgreSQL's own message, never the statement and its
 * values that the driver puts in front of it, nor `detail` (which quotes rows). A data exception (class 22)
 * quotes the offending value in its message, so quoted text is masked there.
 */
function databaseError(err: Error & { code?: unknown }): Record<string, unknown> {
  // A driver may put the statement, values written in, before PostgreSQL's message (`<sql> - <message>`, as knex did).
  const at = err.message.lastIndexOf(' - ');
  let message = at >= 0 ? err.message.slice(at + 3) : err.message;
  const code = typeof err.code === 'string' ? err.code : undefined;
  if (code?.startsWith('22')) message = message.replace(/"[^"]*"/g, '"…"');
  const frames = (err.stack ?? '').split('\n').filter((line) => /^\s+at .*:\d+:\d+\)?$/.test(line));
  return { name: err.name, code, message, stack: frames.join('\n') };
}

/** How an Error is written to the log (JSON.stringify drops its fields otherwise). */
export function loggableError(err: Error): Record<string, unknown> {
  const code = (err as { code?: unknown }).code;
  if (err instanceof DriverException || (typeof code === 'string' && SQLSTATE.test(code))) return databaseError(err);
  return { name: err.name, message: err.message, stack: err.stack };
}

function serialise(fields: Record<string, unknown>): string {
  return JSON.stringify(fields, (_k, v: unknown) => (v instanceof Error ? loggableError(v) : v));
}

/** One-line logs on stderr; quiet enough for tests at 'warn'. */
export function createLogger(level: LogLevel = 'info'): Logger {
  const min = ORDER[level];
  const write = (lvl: Exclude<LogLevel, 'silent'>) => (msg: string, fields?: Record<string, unknown>) => {
    if (ORDER[lvl] < min) return;
    const tail = fields ? ` ${serialise(fields)}` : '';
    process.stderr.write(`${new Date().toISOString()} ${lvl.toUpperCase()} ${msg}${tail}\n`);
  };
  return { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') };
}
