import { createRouteTable, routersOf, type RouteTable } from '../../../api/app';
import { NO_METRICS } from '../../../platform/metrics/metrics';
import { testApiDeps } from '../test-api';
import type { TestApp } from '../test-app';

export interface ApiRoute {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** The router's path, parameters included: `/api/user/:id/details`. */
  path: string;
  /** `GET /api/user/:id/details`: the key of the permission matrix. */
  key: string;
}

/**
 * Every method and path the app's routers serve (HEAD, implied by GET, left out), read from the routers of its route
 * table (createRouteTable: the same routers createApp mounts) through @koa/router's public `stack` of layers.
 */
function routesOf(table: RouteTable): ApiRoute[] {
  const routes = new Map<string, ApiRoute>();
  for (const layer of routersOf(table).flatMap((router) => router.stack)) {
    if (typeof layer.path !== 'string') continue;
    for (const method of layer.methods.filter((m) => m !== 'HEAD')) {
      const key = `${method} ${layer.path}`;
      routes.set(key, { method: method as ApiRoute['method'], path: layer.path, key });
    }
  }
  return [...routes.values()];
}

/** The routes of an app built like the test app's (from the same deps: its hub, bus, storage and extra routers). */
export function routesOfTestApp(app: TestApp): ApiRoute[] {
  const deps = testApiDeps({ orm: app.db.orm, hub: app.hub, bus: app.bus, storage: app.storage, extraRoutes: app.extraRoutes });
  return routesOf(createRouteTable(deps, NO_METRICS));
}

/** A concrete URL for a route: `:name` parameters filled in. */
export function fillPath(path: string, params: Record<string, string | number>): string {
  return path.replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(String(params[name] ?? `missing-${name}`)));
}
