import Router from '@koa/router';
import type { Middleware } from 'koa';

/** Feature routers (paths without the prefix) with the first path segments their routes use. */
export type SegmentRouters<S> = ReadonlyArray<readonly [segments: readonly string[], router: Router<S>]>;

export type GroupedRoutes<S> = Middleware<S> & {
  /** One router per segment, the prefix on its paths: the route table (tests list the routes from it). */
  readonly routers: readonly Router<S>[];
};

/**
 * The routers of `features` mounted by the first segment of the path after `prefix` (`/api/profile/me` →
 * `profile`): one @koa/router (`router.use(feature.routes())`, then `routes()`) per segment, so a call is matched
 * against its segment's routes instead of every route of the API (@koa/router tests each route's pattern in turn on
 * every call). A path outside the prefix or with a segment no feature declared goes on unmatched, as it would
 * through one router holding every route. A route whose segment is not declared with its router is not served.
 */
export function routesBySegment<S>(prefix: string, options: { sensitive: boolean }, features: SegmentRouters<S>): GroupedRoutes<S> {
  const routers = new Map<string, Router<S>>();
  for (const [segments, feature] of features) {
    for (const segment of segments) {
      const router = routers.get(segment) ?? new Router<S>({ prefix, sensitive: options.sensitive });
      routers.set(segment, router.use(feature.routes()));
    }
  }
  const bySegment = new Map(
    [...routers].map(([segment, router]) => [options.sensitive ? segment : segment.toLowerCase(), router.routes() as Middleware<S>]),
  );
  const start = prefix.length + 1;
  const dispatch: Middleware<S> = (ctx, next) => {
    const path = ctx.path;
    if (path.length <= start || path.charCodeAt(prefix.length) !== 47 /* / */ || !path.startsWith(prefix)) return next();
    const end = path.indexOf('/', start);
    const segment = path.slice(start, end < 0 ? path.length : end);
    const routes = bySegment.get(options.sensitive ? segment : segment.toLowerCase());
    return routes ? routes(ctx, next) : next();
  };
  return Object.assign(dispatch, { routers: [...routers.values()] });
}
