import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ModerationItem } from '../../../db/moderation/moderation-item.entity';
import { ensurePlaces } from '../../../db/places/ensure-places';
import { createActor, pendingItem, submittedRegistrant, type Actor } from '../../support/moderation';
import { createTestApp, type TestApp } from '../../support/test-app';
import { tmaHeader } from '../../support/init-data';

let app: TestApp;
let user: Actor;
let moderator: Actor;
let admin: Actor;
let bannedModerator: Actor;
const em = () => app.db.orm.em.fork();

beforeAll(async () => {
  app = await createTestApp();
  await ensurePlaces(em());
  [user, moderator, admin, bannedModerator] = await Promise.all([
    createActor(app, 'USER'),
    createActor(app, 'MODERATOR'),
    createActor(app, 'ADMIN'),
    createActor(app, 'MODERATOR', { banned: true }),
  ]);
});
afterAll(() => app.close());

type Call = (
  actor: Pick<Actor, 'initData'>,
  headers?: Record<string, string>,
) => Promise<{ status: number; body: Record<string, unknown> }>;

const get =
  (path: string, query: Record<string, unknown> = {}): Call =>
  (actor, headers = {}) =>
    app.request.get(path).set(headers).set(tmaHeader(actor.initData)).query(query);
const post =
  (path: string, body: () => Record<string, unknown>): Call =>
  (actor, headers = {}) =>
    app.request
      .post(path)
      .set(headers)
      .send({ initData: actor.initData, ...body() });

// Bodies that would be refused for their content (unknown ids) if the role let them through: 404, never 403.
const CALLS: Array<[string, Call, number]> = [
  ['GET /api/moderation/items', get('/api/moderation/items'), 200],
  ['GET /api/moderation/counts', get('/api/moderation/counts'), 200],
  [
    'POST /api/moderation/item/status',
    post('/api/moderation/item/status', () => ({ itemId: 987654321, version: 1, status: 'APPROVED' })),
    404,
  ],
  ['GET /api/moderation/reports', get('/api/moderation/reports'), 200],
  ['POST /api/moderation/report/action', post('/api/moderation/report/action', () => ({ reportId: 987654321, action: 'REJECT' })), 404],
  ['GET /api/users', get('/api/users'), 200],
];

describe.each(CALLS)('%s', (_name, call, allowedStatus) => {
  it('refuses a plain user with 403 Доступ запрещён', async () => {
    const res = await call(user);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ ok: false, error: 'FORBIDDEN', message: 'Доступ запрещён' });
  });

  it('lets a moderator and an admin through', async () => {
    for (const actor of [moderator, admin]) expect((await call(actor)).status).toBe(allowedStatus);
  });

  it('refuses a banned moderator', async () => {
    const res = await call(bannedModerator);
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('BANNED');
  });

  it('never takes x-telegram-id as identity: a user claiming a moderator id is refused', async () => {
    const res = await call(user, { 'x-telegram-id': String(moderator.id) });
    expect(res.status).toBe(403);
    expect(res.body.message).not.toBe(undefined);
    expect(res.body.error).toBe('FORBIDDEN');
  });

  it('refuses a call without initData', async () => {
    expect((await call({ initData: '' })).status).toBe(401);
  });
});

describe('a refused call changes nothing', () => {
  it('leaves the item pending when a plain user (even with a spoofed header) tries to approve it', async () => {
    const r = await submittedRegistrant(app);
    const item = await pendingItem(app, r.launch.id, 'INITIAL');
    await post('/api/moderation/item/status', () => ({ itemId: item.id, version: 1, status: 'APPROVED' }))(user, {
      'x-telegram-id': String(admin.id),
    });
    await post('/api/moderation/item/status', () => ({ itemId: item.id, version: 1, status: 'APPROVED' }))(bannedModerator);
    expect((await em().findOneOrFail(ModerationItem, { id: item.id })).status).toBe('PENDING');
  });

  it('accepts x-telegram-id when it names the caller', async () => {
    const res = await get('/api/moderation/counts')(moderator, { 'x-telegram-id': String(moderator.id) });
    expect(res.status).toBe(200);
  });
});
