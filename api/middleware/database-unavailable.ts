// Error codes of a database that is restarting, down or unreachable (not of a bad query).
const CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57P01', '57P02', '57P03', '08000', '08001', '08003', '08006']);
const TEXTS =
  /Connection terminated|Timeout acquiring a connection|Client has encountered a connection error|the database system is (starting up|shutting down)|terminating connection due to administrator command/i;

/** Whether `err` (or what it wraps) says the database cannot be reached right now: a 503, not a 500. */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 4) return false;
  const e = err as { code?: unknown; message?: unknown; cause?: unknown; previous?: unknown; errors?: unknown };
  if (typeof e.code === 'string' && CODES.has(e.code)) return true;
  if (typeof e.message === 'string' && TEXTS.test(e.message)) return true;
  if (Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(e.cause, depth + 1) || isDatabaseUnavailable(e.previous, depth + 1);
}
