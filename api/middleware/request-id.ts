import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { Logger } from '../../platform/logger';
import { NO_METRICS, type Metrics } from '../../platform/metrics/metrics';
import { metricsRouteOf } from './http-metrics';
import type { AppState } from '../context';

const REQUEST_ID_HEADER = 'X-Request-Id';

/** An id a proxy or client may hand us: short, and of characters that cannot forge a log line or a header. */
const SANE_ID = /^[A-Za-z0-9._:@+=/-]{1,128}$/;

/** The caller's X-Request-Id when it is sane. */
export function saneRequestId(header: string | string[] | undefined): string | undefined {
  return typeof header === 'string' && SANE_ID.test(header) ? header : undefined;
}

/** The caller's X-Request-Id when it is sane, else a fresh one. */
function requestIdFrom(header: string | string[] | undefined): string {
  return saneRequestId(header) ?? randomUUID();
}

/** A route as it may be logged: the matched pattern (`/api/profile/:id`, @koa/router's ctx.routerPath), else the path cut short; never the query. */
export function routeOf(ctx: { path: string }): string {
  return (ctx as { routerPath?: string }).routerPath ?? ctx.path.slice(0, 200);
}

/**
 * Gives each request its id (the caller's X-Request-Id when sane, else a new one), echoed in the answer's
 * X-Request-Id, and ctx.state.log: the logger whose lines carry it (errorHandler, inside this, logs failures with
 * it). One debug line per request: method, route, status and time; never the query, the body or the headers
 * (initData travels in one). The same time goes to `metrics` (http_request_duration_seconds by route pattern and status
 * class): errorHandler runs inside, so the status is the answer's. A promise chain, not an async function: one promise
 * less on every call; and no middleware of its own for the metrics, as that cost a promise and a closure more.
 */
export function requestLogging(logger: Logger, metrics: Metrics = NO_METRICS): Middleware<AppState> {
  return (ctx, next) => {
    const id = requestIdFrom(ctx.req.headers['x-request-id']);
    ctx.set(REQUEST_ID_HEADER, id);
    const log = logger.child({ reqId: id });
    ctx.state.requestId = id;
    ctx.state.log = log;
    const debug = log.enabled('debug');
    if (!debug && metrics === NO_METRICS) return next();
    const started = performance.now();
    return next().then(() => {
      const ms = performance.now() - started;
      metrics.httpRequest(ctx.method, metricsRouteOf(ctx), ctx.status, ms / 1000);
      if (debug) log.debug('request', { method: ctx.method, route: routeOf(ctx), status: ctx.status, ms: Math.round(ms) });
    });
  };
}
