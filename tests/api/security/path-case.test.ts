import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ParameterizedContext } from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppState } from '../../../api/context';
import { requireRole } from '../../../api/middleware/roles';
import { ensurePlaces } from '../../../db/places/ensure-places';
import { routesOfTestApp } from '../../support/security/api-routes';
import { callerAs } from '../../support/security/identities';
import { sendCall } from '../../support/security/send-call';
import { createTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
// With the mini app served, whose fallback answers any other GET with index.html.
const webappDir = mkdtempSync(path.join(os.tmpdir(), 'webapp-case-'));
beforeAll(async () => {
  writeFileSync(path.join(webappDir, 'index.html'), '<html><head></head><body></body></html>');
  app = await createTestApp({ webappDir });
  await ensurePlaces(app.db.orm.em.fork());
});
afterAll(async () => {
  await app.close();
  rmSync(webappDir, { recursive: true, force: true });
});

const ERROR_SHAPE = { ok: false, error: expect.any(String), message: expect.stringMatching(/\S/) };

describe('/api in another letter case', () => {
  it.each(['/API/places/search?q=Мос', '/Api/profile/me', '/aPI/users', '/API/stats'])('needs initData like /api (%s)', async (url) => {
    const res = await app.request.get(url);
    expect(res.status, res.text).toBe(401);
    expect(res.body).toMatchObject({ ...ERROR_SHAPE, error: 'UNAUTHORIZED' });
  });

  it('reaches no route even with valid initData: the routers are case-sensitive', async () => {
    const admin = await callerAs(app, 'admin');
    const routes = routesOfTestApp(app).filter((r) => r.path.startsWith('/api/'));
    expect(routes.length).toBeGreaterThan(40);
    const answered: string[] = [];
    for (const route of routes) {
      for (const spelling of [
        route.path.replace(/^\/api\//, '/API/'),
        route.path.replace(/^\/api\/(\w)/, (_m, c: string) => `/api/${c.toUpperCase()}`),
      ]) {
        const res = await sendCall(app, { ...route, path: spelling }, {}, admin.initData);
        if (res.status !== 404 || res.body.error !== 'NOT_FOUND')
          answered.push(`${route.method} ${spelling}: ${res.status} ${res.text.slice(0, 80)}`);
      }
    }
    expect(answered).toEqual([]);
  });
});

describe('requireRole', () => {
  it('refuses with 401 in the error shape when no user was authenticated, instead of failing', async () => {
    const ctx = { state: {} } as unknown as ParameterizedContext<AppState>;
    await expect(requireRole('MODERATOR')(ctx, async () => undefined)).rejects.toMatchObject({
      status: 401,
      code: 'UNAUTHORIZED',
      message: 'initData отсутствует',
    });
  });
});
