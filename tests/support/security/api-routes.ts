import type Koa from 'koa';
import { createApp } from '../../../api/app';
import { testApiDeps } from '../test-api';
import type { TestApp } from '../test-app';

export interface ApiRoute {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** The router's path, parameters included: `/api/user/:id/details`. */
  path: string;
  /** `GET /api/user/:id/details`: the key of the permission matrix. */
  key: string;
}

interface RouterLayer {
  methods: string[];
  path: string | RegExp;
}

interface RouterLike {
  stack: RouterLayer[];
}

/**
 * Every method and path the app's routers serve, read from router.stack (HEAD, implied by GET, left out): the
 * routers' own middleware (`router.routes()`, its `router`) and the API's routers by segment (api/route-groups.ts).
 */
export function routesOf(app: Koa<never>): ApiRoute[] {
  const routes = new Map<string, ApiRoute>();
  for (const middleware of app.middleware as Array<{ router?: RouterLike; routers?: readonly RouterLike[] }>) {
    for (const layer of [middleware.router, ...(middleware.routers ?? [])].flatMap((router) => router?.stack ?? [])) {
      if (typeof layer.path !== 'string') continue;
      for (const method of layer.methods.filter((m) => m !== 'HEAD')) {
        const key = `${method} ${layer.path}`;
        routes.set(key, { method: method as ApiRoute['method'], path: layer.path, key });
      }
    }
  }
  return [...routes.values()];
}

/** The routes of an app built like the test app's (the test app's own Koa instance is not exposed). */
export function routesOfTestApp(app: TestApp): ApiRoute[] {
  // Its own rate limits and encoders (unused: this Koa instance serves nothing); the test app's hub, bus and storage.
  const koa = createApp(testApiDeps({ orm: app.db.orm, hub: app.hub, bus: app.bus, storage: app.storage, extraRoutes: app.extraRoutes }));
  return routesOf(koa as unknown as Koa<never>);
}

/** A concrete URL for a route: `:name` parameters filled in. */
export function fillPath(path: string, params: Record<string, string | number>): string {
  return path.replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(String(params[name] ?? `missing-${name}`)));
}
