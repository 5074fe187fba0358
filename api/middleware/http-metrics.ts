import type { Middleware } from 'koa';
import type { Metrics } from '../../platform/metrics/metrics';

/**
 * The route an answer is counted under: the router's pattern (`/api/profile/:id`), never the raw path (one series per
 * id would grow without bound); a call no router matched is `(unmatched)` when it ended 404, else `(static)` (the
 * mini app's files).
 */
export function metricsRouteOf(ctx: { status: number; routerPath?: string }): string {
  return ctx.routerPath ?? (ctx.status === 404 ? '(unmatched)' : '(static)');
}

/**
 * Counts every answer with its time, for an app without requestLogging (the ROLE=bot listener, api/ops/ops-server.ts);
 * the API counts in requestLogging. Mounted outermost, only when metrics are on.
 */
export function httpMetrics(metrics: Metrics): Middleware {
  return (ctx, next) => {
    const started = performance.now();
    const record = (status: number) => metrics.httpRequest(ctx.method, metricsRouteOf(ctx), status, (performance.now() - started) / 1000);
    return next().then(
      () => record(ctx.status),
      (err: unknown) => {
        // Koa answers what escaped every handler with the error's own status, else 500.
        const status = (err as { status?: unknown }).status;
        record(typeof status === 'number' ? status : 500);
        throw err;
      },
    );
  };
}
