import type Router from '@koa/router';
import type { Layer } from '@koa/router';
import type { Middleware } from 'koa';
import compose from 'koa-compose';

type Dispatch<S> = Middleware<S> & { router?: unknown };

/** What @koa/router's dispatch sets on the context for a matched route without parameters. */
function routeOf<S>(router: Router<S>, layer: Layer<S>, matched: readonly Layer<S>[]): Middleware<S> {
  const handlers = layer.stack as unknown as Middleware<S>[];
  // One handler (most routes) is called as is: the app's chain turns what it returns or throws into a promise.
  const stack = handlers.length === 1 ? handlers[0]! : compose(handlers);
  return (ctx, next) => {
    const c = ctx as unknown as Record<string, unknown>;
    c.router = router;
    c.routeMatched = true;
    c.matched = [...matched];
    c.captures = [];
    c.params = (ctx.request as unknown as Record<string, unknown>).params = {};
    c.routerPath = c._matchedRoute = layer.path;
    c.routerName = layer.name || undefined;
    if (layer.name) c._matchedRouteName = layer.name;
    return stack(ctx, next);
  };
}

/**
 * `router.routes()`, with the calls to a route without parameters looked up by method and path and run through a
 * chain composed once: @koa/router tests every route's pattern and composes the matched chain on every call, a
 * fifth of a cached API call's CPU (scripts/bench.ts). Only a path and method that match exactly one route, and
 * that one without parameters, are looked up this way; any other call (another spelling of the path, a route with
 * parameters, no route) goes to the router as before. Register every route before calling this.
 */
export function staticRoutes<S>(router: Router<S>): Middleware<S> {
  // method → path → route (two lookups are cheaper than building a key string per call)
  const table = new Map<string, Map<string, Middleware<S>>>();
  for (const layer of router.stack) {
    if (layer.paramNames.length > 0 || typeof layer.path !== 'string') continue;
    for (const method of layer.methods) {
      const { pathAndMethod, path } = router.match(layer.path, method);
      if (pathAndMethod.length !== 1) continue;
      const paths = table.get(method) ?? new Map<string, Middleware<S>>();
      table.set(method, paths.set(layer.path, routeOf(router, layer, path)));
    }
  }
  const dispatch = router.routes() as unknown as Dispatch<S>;
  const routes: Dispatch<S> = (ctx, next) => {
    const route = ctx.newRouterPath === undefined ? table.get(ctx.method)?.get(ctx.path) : undefined;
    return route ? route(ctx, next) : dispatch(ctx, next);
  };
  // The route table stays readable as on the router's own middleware (tests list the routes from it).
  routes.router = dispatch.router;
  return routes;
}
