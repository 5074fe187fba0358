import Router from '@koa/router';
import Koa from 'koa';
import supertest from 'supertest';
import { describe, expect, it } from 'vitest';
import { staticRoutes } from '../../api/static-routes';

/** What a handler can see of the routing, as JSON. */
function routerWith(): Router {
  const router = new Router({ prefix: '/api' });
  const seen = (ctx: Koa.Context & Record<string, unknown>) => {
    ctx.body = { params: ctx.params, captures: ctx.captures, routerPath: ctx.routerPath, matched: (ctx.matched as { path: string }[]).map((l) => l.path), routeMatched: ctx.routeMatched, name: ctx._matchedRouteName ?? null };
  };
  const inner = new Router();
  inner.get('/users/list', seen);
  inner.get('/users/:id', seen);
  inner.get('named', '/profile/me', seen);
  inner.post('/profile/me', seen);
  inner.get('/only', (ctx, next) => next());
  router.use(inner.routes());
  return router;
}

const serve = (fast: boolean) => {
  const app = new Koa();
  const router = routerWith();
  app.use(fast ? staticRoutes(router) : router.routes());
  app.use((ctx) => {
    ctx.body = { fellThrough: true };
  });
  return supertest(app.callback());
};

describe('staticRoutes', () => {
  it('gives every call the answer and the routing context the router itself gives', async () => {
    const calls: Array<[string, string]> = [['get', '/api/profile/me'], ['post', '/api/profile/me'], ['head', '/api/profile/me'], ['get', '/api/PROFILE/me/'], ['get', '/api/users/list'], ['get', '/api/users/7'], ['get', '/api/only'], ['get', '/api/none'], ['delete', '/api/profile/me']];
    for (const [method, path] of calls) {
      const [viaRouter, viaTable] = await Promise.all([serve(false)[method as 'get'](path), serve(true)[method as 'get'](path)]);
      expect({ status: viaTable.status, body: viaTable.body }, `${method} ${path}`).toEqual({ status: viaRouter.status, body: viaRouter.body });
    }
  });

  it('keeps the route table readable where the router keeps it', () => {
    const router = routerWith();
    expect((staticRoutes(router) as unknown as { router: Router }).router.stack).toBe((router.routes() as unknown as { router: Router }).router.stack);
  });
});
