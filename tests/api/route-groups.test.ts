import Router from '@koa/router';
import Koa from 'koa';
import supertest from 'supertest';
import { describe, expect, it } from 'vitest';
import { routesBySegment, type SegmentRouters } from '../../api/route-groups';

/** What a handler sees of the routing (@koa/router's documented context fields), as JSON. */
const seen = (ctx: Koa.Context) => {
  ctx.body = { params: ctx.params, routerPath: ctx.routerPath, routeMatched: ctx.routeMatched };
};

/** Feature routers as the API builds them: no prefix, case-sensitive, one of them under two segments. */
function features(): SegmentRouters<Koa.DefaultState> {
  const profile = new Router({ sensitive: true });
  profile.get('/profile/me', seen);
  profile.post('/profile/me', seen);
  profile.get('/profile/view', (ctx, next) => next());
  const view = new Router({ sensitive: true });
  view.get('/profile/view', seen);
  const admin = new Router({ sensitive: true });
  admin.get('/user/:id/details', seen);
  admin.post('/admin/user/role', seen);
  const settings = new Router({ sensitive: true });
  settings.get('/search-settings', seen);
  return [
    [['profile'], profile],
    [['user', 'admin'], admin],
    [['profile'], view],
    [['search-settings'], settings],
  ];
}

function serve(grouped: boolean) {
  const app = new Koa();
  if (grouped) {
    app.use(routesBySegment('/api', { sensitive: true }, features()));
  } else {
    const api = new Router({ prefix: '/api', sensitive: true });
    for (const [, router] of features()) api.use(router.routes());
    app.use(api.routes());
  }
  app.use((ctx) => {
    ctx.body = { fellThrough: true };
  });
  return supertest(app.callback());
}

describe('routesBySegment', () => {
  it('answers every call as one router holding every route answers it', async () => {
    const calls: Array<[string, string]> = [
      ['get', '/api/profile/me'],
      ['post', '/api/profile/me'],
      ['head', '/api/profile/me'],
      ['get', '/api/profile/me/'],
      ['get', '/api/PROFILE/me'],
      ['get', '/api/profile/view'],
      ['get', '/api/user/42/details'],
      ['get', '/api/user/42'],
      ['post', '/api/admin/user/role'],
      ['get', '/api/search-settings'],
      ['get', '/api/search-settings/'],
      ['delete', '/api/profile/me'],
      ['get', '/api/none'],
      ['get', '/api/'],
      ['get', '/api'],
      ['get', '/apix/profile/me'],
      ['get', '/profile/me'],
    ];
    const answers: unknown[] = [];
    for (const [method, path] of calls) {
      const [viaOne, viaSegments] = await Promise.all([serve(false)[method as 'get'](path), serve(true)[method as 'get'](path)]);
      expect({ status: viaSegments.status, body: viaSegments.body }, `${method} ${path}`).toEqual({
        status: viaOne.status,
        body: viaOne.body,
      });
      answers.push(viaSegments.body);
    }
    // The calls reach routes, parameters and the fall-through alike (a comparison of two broken routers proves nothing).
    expect(answers).toContainEqual({ params: { id: '42' }, routerPath: '/api/user/:id/details', routeMatched: true });
    expect(answers).toContainEqual({ params: {}, routerPath: '/api/profile/view', routeMatched: true });
    expect(answers).toContainEqual({ fellThrough: true });
  });

  it('lists every route with its prefix on the routers it returns', () => {
    const routes = routesBySegment('/api', { sensitive: true }, features()).routers.flatMap((r) =>
      r.stack.map((l) => `${l.methods.filter((m) => m !== 'HEAD').join()} ${String(l.path)}`),
    );
    expect(new Set(routes)).toEqual(
      new Set([
        'GET /api/profile/me',
        'POST /api/profile/me',
        'GET /api/profile/view',
        'GET /api/user/:id/details',
        'POST /api/admin/user/role',
        'GET /api/search-settings',
      ]),
    );
  });

  it('does not serve a route whose segment its router did not declare', async () => {
    const router = new Router({ sensitive: true });
    router.get('/likes/history', seen);
    const app = new Koa();
    app.use(routesBySegment('/api', { sensitive: true }, [[['liked'], router]]));
    expect((await supertest(app.callback()).get('/api/likes/history')).status).toBe(404);
  });

  it('matches segments in any letter case when the routes are not case-sensitive', async () => {
    const router = new Router();
    router.get('/profile/me', seen);
    const app = new Koa();
    app.use(routesBySegment('/api', { sensitive: false }, [[['profile'], router]]));
    expect((await supertest(app.callback()).get('/api/Profile/ME')).body).toMatchObject({ routeMatched: true });
  });
});
