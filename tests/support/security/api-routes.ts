import type Koa from 'koa';
import { createApp } from '../../../api/app';
import { createRateLimiters } from '../../../api/middleware/rate-limits';
import { createLogger } from '../../../db/logger';
import { ImageCodec } from '../../../db/media/image-codec';
import { ImageScreening } from '../../../db/media/screening/screening';
import type { TestApp } from '../test-app';
import { TEST_BOT_TOKEN } from '../init-data';

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
  const koa = createApp({
    orm: app.db.orm,
    hub: app.hub,
    bus: app.bus,
    limits: createRateLimiters(),
    storage: app.storage,
    codec: new ImageCodec(),
    screening: new ImageScreening(null),
    logger: createLogger('silent'),
    extraRoutes: app.extraRoutes,
    config: {
      botToken: TEST_BOT_TOKEN,
      initDataMaxAgeS: 86_400,
      adminIds: [],
      releaseAt: null,
      webappDir: null,
      productName: 'Орбита',
      supportHandle: '@orbita_support',
      demo: false,
    },
  });
  return routesOf(koa as unknown as Koa<never>);
}

/** A concrete URL for a route: `:name` parameters filled in. */
export function fillPath(path: string, params: Record<string, string | number>): string {
  return path.replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(String(params[name] ?? `missing-${name}`)));
}
