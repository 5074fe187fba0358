import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillPath, routesOfTestApp, type ApiRoute } from '../support/security/api-routes';
import { callerAs } from '../support/security/identities';
import { createTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
let auth: string;
let routes: ApiRoute[];
beforeAll(async () => {
  app = await createTestApp();
  auth = `tma ${(await callerAs(app, 'admin')).initData}`;
  routes = routesOfTestApp(app);
});
afterAll(() => app.close());

const METHODS = ['get', 'post', 'put', 'patch', 'delete', 'options'] as const;
const refusal = { ok: false, error: expect.any(String), message: expect.stringMatching(/[А-Яа-яЁё]/) };
const pathOf = (route: ApiRoute) => fillPath(route.path, { id: '1', variant: 'media' });

describe('every route of the routers', () => {
  it('refuses a JSON body over 256 KB with 413 in the error shape', async () => {
    for (const route of routes.filter((r) => r.method !== 'GET')) {
      const res = await app.request[route.method.toLowerCase() as 'post'](pathOf(route))
        .set('Authorization', auth)
        .set('Content-Type', 'application/json')
        .send(JSON.stringify({ pad: 'я'.repeat(150_000) }));
      expect(res.status, route.key).toBe(413);
      expect(res.body, route.key).toEqual({ ok: false, error: 'PAYLOAD_TOO_LARGE', message: 'Слишком большой запрос' });
    }
  });

  it('answers a method it does not serve without a 5xx, refusals in the error shape', async () => {
    for (const route of routes) {
      for (const method of METHODS.filter((m) => m.toUpperCase() !== route.method)) {
        const res = await app.request[method](pathOf(route)).set('Authorization', auth);
        expect(res.status, `${method} ${route.path}`).toBeLessThan(500);
        if (res.status >= 400) expect(res.body, `${method} ${route.path}`).toMatchObject(refusal);
      }
    }
  });

  it('refuses a multipart upload over 12 MB with 413 before it is read', async () => {
    const res = await app.request
      .post('/api/cdn/images/upload')
      .set('Authorization', auth)
      .attach('file', Buffer.alloc(13 * 1024 * 1024, 1), 'big.jpg');
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ ok: false, error: 'PAYLOAD_TOO_LARGE' });
  });
});
