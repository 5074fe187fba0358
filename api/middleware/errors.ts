import type { Context, Middleware } from 'koa';
import { z } from 'zod';
import { loggableError, type Logger } from '../../platform/logger';
import { AppError, MESSAGES, type ErrorBody, type ErrorCode } from '../../contracts/errors';
import type { AppState } from '../context';
import { OPS_PATHS_PATTERN } from '../ops/ops-paths';
import { isDatabaseUnavailable } from './database-unavailable';
import { routeOf } from './request-id';

function statusCode(status: number): ErrorCode {
  if (status === 401) return 'UNAUTHORIZED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 413) return 'PAYLOAD_TOO_LARGE';
  if (status === 415) return 'UNSUPPORTED_MEDIA_TYPE';
  if (status === 429) return 'RATE_LIMITED';
  return 'BAD_REQUEST';
}

// Default zod messages (a schema without a text of its own) reach users as the refusal's message: in Russian.
z.config(z.locales.ru());

/**
 * Maps any thrown value to the one error shape; only the unexpected becomes a 500. `where`: what a logged failure
 * names beside its error and stack (the request's method and route).
 */
export function toErrorResponse(err: unknown, logger: Logger, where?: Record<string, unknown>): { status: number; body: ErrorBody } {
  if (err instanceof AppError) {
    // A refusal caused by a failure on our side (storage down, disk full) is told to the client and logged for us.
    if (err.cause !== undefined) logger.error('request refused by a server-side failure', { ...where, err: err.cause });
    return { status: err.status, body: { ok: false, error: err.code, message: err.message, ...err.extra } };
  }
  if (err instanceof z.ZodError) {
    const issue = err.issues[0];
    // The field the first issue is about ('birthDate', 'photos.1'), so a form can go back to it without reading the text.
    const field = issue?.path.length ? { field: issue.path.map(String).join('.') } : {};
    return { status: 400, body: { ok: false, error: 'BAD_REQUEST', message: issue?.message ?? 'Некорректный запрос', ...field } };
  }
  const httpErr = err as { status?: unknown; message?: unknown };
  if (typeof httpErr.status === 'number' && httpErr.status >= 400 && httpErr.status < 500) {
    return { status: httpErr.status, body: { ok: false, error: statusCode(httpErr.status), message: String(httpErr.message) } };
  }
  if (isDatabaseUnavailable(err)) {
    logger.warn('database unavailable', { ...where, err: loggableError(err as Error).message });
    return { status: 503, body: { ok: false, error: 'UNAVAILABLE', message: MESSAGES.unavailable, retryAfter: 5 } };
  }
  logger.error('unhandled error', { ...where, err });
  return { status: 500, body: { ok: false, error: 'INTERNAL', message: MESSAGES.internal } };
}

function respondWithError(ctx: Context, err: unknown, logger: Logger): void {
  // The request's own logger (its id on every line, requestLogging) when it has one.
  const log = (ctx.state as Partial<AppState>).log ?? logger;
  const { status, body } = toErrorResponse(err, log, { method: ctx.method, route: routeOf(ctx) });
  ctx.status = status;
  ctx.body = body;
  const retryAfter = body.retryAfter;
  if (typeof retryAfter === 'number') ctx.set('Retry-After', String(retryAfter));
}

/** Where an unmatched call (a path or method no route serves) answers 404 in the error shape: the API, images, and the ops paths. */
const ERROR_SHAPED_PATHS = new RegExp(`^/(?:api|cdn)/|^${OPS_PATHS_PATTERN}$`, 'i');

/** A promise chain, not an async function: one promise less on every call. */
export function errorHandler(logger: Logger): Middleware {
  return (ctx, next) =>
    next().then(
      () => {
        if (ctx.status === 404 && ctx.body === undefined && ERROR_SHAPED_PATHS.test(ctx.path)) {
          respondWithError(ctx, new AppError('NOT_FOUND', MESSAGES.notFound), logger);
        }
      },
      (err: unknown) => respondWithError(ctx, err, logger),
    );
}
