import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../support/factories';
import { createActor, type Actor } from '../../support/moderation';
import { createTestApp, type TestApp } from '../../support/test-app';
import { tmaHeader } from '../../support/init-data';

let app: TestApp;
let user: Actor;
let moderator: Actor;
let admin: Actor;
let bannedAdmin: Actor;
let target: number;
const em = () => app.db.orm.em.fork();

beforeAll(async () => {
  app = await createTestApp();
  [user, moderator, admin, bannedAdmin] = await Promise.all([
    createActor(app, 'USER'),
    createActor(app, 'MODERATOR'),
    createActor(app, 'ADMIN'),
    createActor(app, 'ADMIN', { banned: true }),
  ]);
  target = await createMember(em(), { displayName: 'Цель' });
});
afterAll(() => app.close());

type Method = 'get' | 'patch' | 'post';
type Body = () => Promise<Record<string, unknown>> | Record<string, unknown>;
interface Route {
  name: string;
  method: Method;
  path: () => string;
  body?: Body;
  /** The least role let through (§6). */
  minimum: 'MODERATOR' | 'ADMIN';
}

// Every body is valid, so whoever is let through gets a 2xx.
const ROUTES: Route[] = [
  { name: 'GET /api/users', method: 'get', path: () => '/api/users', minimum: 'MODERATOR' },
  { name: 'GET /api/user/{id}/details', method: 'get', path: () => `/api/user/${target}/details`, minimum: 'MODERATOR' },
  {
    name: 'PATCH /api/user/{id}/account',
    method: 'patch',
    path: () => `/api/user/${target}/account`,
    body: () => ({ isBanned: false }),
    minimum: 'ADMIN',
  },
  {
    name: 'PATCH /api/user/{id}/profile',
    method: 'patch',
    path: () => `/api/user/${target}/profile`,
    body: () => ({ city: 'Казань' }),
    minimum: 'ADMIN',
  },
  {
    name: 'POST /api/admin/user/role',
    method: 'post',
    path: () => '/api/admin/user/role',
    body: () => ({ targetTelegramId: target, newRole: 'USER' }),
    minimum: 'ADMIN',
  },
  {
    name: 'POST /api/admin/user/delete',
    method: 'post',
    path: () => '/api/admin/user/delete',
    body: async () => ({ targetTelegramId: await createMember(em()), reason: null }),
    minimum: 'ADMIN',
  },
  { name: 'GET /api/stats/overview', method: 'get', path: () => '/api/stats/overview', minimum: 'ADMIN' },
  { name: 'GET /api/stats/registrations', method: 'get', path: () => '/api/stats/registrations?days=30', minimum: 'ADMIN' },
  { name: 'GET /api/stats/activity', method: 'get', path: () => '/api/stats/activity?days=30', minimum: 'ADMIN' },
  { name: 'GET /api/stats/screening', method: 'get', path: () => '/api/stats/screening?days=30', minimum: 'ADMIN' },
  { name: 'GET /api/stats/moderators', method: 'get', path: () => '/api/stats/moderators', minimum: 'ADMIN' },
  { name: 'GET /api/admin-db/overview', method: 'get', path: () => '/api/admin-db/overview', minimum: 'ADMIN' },
  {
    name: 'POST /api/admin-db/browse',
    method: 'post',
    path: () => '/api/admin-db/browse',
    body: () => ({ model: 'Profile', page: 1, limit: 25 }),
    minimum: 'ADMIN',
  },
  {
    name: 'POST /api/admin-db/update',
    method: 'post',
    path: () => '/api/admin-db/update',
    body: () => ({ model: 'Profile', where: { user: target }, data: { city: 'Пермь' } }),
    minimum: 'ADMIN',
  },
];

async function call(route: Route, actor: Pick<Actor, 'initData'> | null) {
  const body = { ...(await route.body?.()), ...(actor ? { initData: actor.initData } : {}) };
  const req = app.request[route.method](route.path());
  return route.method === 'get' ? req.set(actor ? tmaHeader(actor.initData) : {}) : req.send(body);
}

describe.each(ROUTES)('$name', (route) => {
  it('answers 401 without initData', async () => {
    const res = await call(route, null);
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ ok: false, error: 'UNAUTHORIZED' });
  });

  it('refuses a plain user with 403 Доступ запрещён', async () => {
    const res = await call(route, user);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ ok: false, error: 'FORBIDDEN', message: 'Доступ запрещён' });
  });

  it(`lets a moderator through only when moderators may (${route.minimum})`, async () => {
    const res = await call(route, moderator);
    if (route.minimum === 'MODERATOR') expect(res.status).toBe(200);
    else expect(res.body).toEqual({ ok: false, error: 'FORBIDDEN', message: 'Доступ запрещён' });
  });

  it('lets an admin through', async () => {
    const res = await call(route, admin);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.ok).toBe(true);
  });

  it('refuses a banned admin with 403 Доступ ограничен', async () => {
    const res = await call(route, bannedAdmin);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ ok: false, error: 'BANNED', message: 'Доступ ограничен' });
  });
});
