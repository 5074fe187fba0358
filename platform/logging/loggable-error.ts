import { DriverException } from '@mikro-orm/core';

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

/** How an Error is written to the log: name, message and stack (a database error without its statement's values). */
export function loggableError(err: Error): Record<string, unknown> {
  const code = (err as { code?: unknown }).code;
  if (err instanceof DriverException || (typeof code === 'string' && SQLSTATE.test(code))) return databaseError(err);
  return { name: err.name, message: err.message, stack: err.stack };
}

/**
 * `fields` with every Error in them (a few levels down: `{ err }`, `{ errors: [...] }`) as loggableError writes it;
 * the rest as it is. Anything else would reach the log as `{}`, or with the driver's statement in it.
 */
export function withLoggableErrors(value: unknown, depth = 3): unknown {
  if (value instanceof Error) return loggableError(value);
  if (depth === 0 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value))
    return value.some((v) => typeof v === 'object' && v !== null) ? value.map((v) => withLoggableErrors(v, depth - 1)) : value;
  if (Object.getPrototypeOf(value) !== Object.prototype) return value;
  let copy: Record<string, unknown> | null = null;
  for (const [key, v] of Object.entries(value)) {
    const mapped = withLoggableErrors(v, depth - 1);
    if (mapped !== v) (copy ??= { ...(value as Record<string, unknown>) })[key] = mapped;
  }
  return copy ?? value;
}
