import { createHash, timingSafeEqual } from 'node:crypto';
import Router, { type RouterMiddleware } from '@koa/router';
import type { Metrics } from '../../platform/metrics/metrics';
import { AppError, MESSAGES, SERVER_MESSAGES } from '../../contracts/errors';
import { OPS_PATHS, type OpsPath } from './ops-paths';
import type { Readiness } from './readiness';

export interface OpsDeps {
  readiness: Readiness;
  metrics: Metrics;
  /** METRICS_TOKEN: /metrics answers only `Authorization: Bearer <it>`; null: /metrics is off (404). */
  metricsToken: string | null;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether `header` is `Bearer <token>`, compared in constant time (both sides hashed first, so lengths leak nothing). */
function bearerMatches(header: string | undefined, token: string): boolean {
  const presented = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1] ?? '';
  return timingSafeEqual(digest(presented), digest(token));
}

/**
 * For process managers, load balancers and Prometheus, outside /api: no initData, no rate limit.
 * GET /healthz: the process is up. GET /readyz: this role's checks (readiness.ts), 503 with the first failing one.
 * GET /metrics: Prometheus text with METRICS_TOKEN as a bearer token, 404 when no token is configured.
 * Nothing private in the answers: no URLs, hosts, versions or error texts.
 */
export function createOpsRouter(deps: OpsDeps): Router {
  const handlers: Record<OpsPath, RouterMiddleware> = {
    '/healthz': (ctx) => {
      ctx.set('Cache-Control', 'no-store');
      ctx.body = { ok: true };
    },
    '/readyz': async (ctx) => {
      const report = await deps.readiness.report();
      ctx.set('Cache-Control', 'no-store');
      if (report.ok) {
        ctx.body = { ok: true, checks: report.checks };
        return;
      }
      ctx.status = 503;
      ctx.body = { ok: false, error: 'UNAVAILABLE', message: SERVER_MESSAGES.notReady, reason: report.reason, checks: report.checks };
    },
    '/metrics': async (ctx) => {
      const { registry } = deps.metrics;
      if (!deps.metricsToken || !registry) throw new AppError('NOT_FOUND', MESSAGES.notFound);
      if (!bearerMatches(ctx.get('authorization'), deps.metricsToken)) {
        ctx.set('WWW-Authenticate', 'Bearer');
        throw new AppError('UNAUTHORIZED', SERVER_MESSAGES.metricsToken);
      }
      ctx.set('Cache-Control', 'no-store');
      ctx.type = registry.contentType;
      ctx.body = await registry.metrics();
    },
  };
  const router = new Router({ sensitive: true });
  for (const path of OPS_PATHS) router.get(path, handlers[path]);
  return router;
}
