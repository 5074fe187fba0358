import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { User } from '../../db/users/user.entity';
import { createTestApp, type TestApp } from '../support/test-app';
import { freshTelegramId, signInitData, testLaunchUser, tmaHeader } from '../support/init-data';

let open: TestApp;
let gated: TestApp;
const releaseAt = new Date(Date.now() + 3 * 86_400_000);
const adminId = freshTelegramId();

beforeAll(async () => {
  [open, gated] = await Promise.all([createTestApp(), createTestApp({ releaseAt, adminIds: [adminId] })]);
});
afterAll(() => Promise.all([open.close(), gated.close()]));

describe('GET /api/profile/me', () => {
  it('returns the current user with no profile yet', async () => {
    const launch = testLaunchUser({ first_name: 'Ира', username: 'ira' });
    const res = await open.request.get('/api/profile/me').set(tmaHeader(signInitData(launch)));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      telegramId: launch.id,
      firstName: 'Ира',
      username: 'ira',
      role: 'USER',
      isBanned: false,
      isModerator: false,
      isAdmin: false,
      profile: null,
    });
  });

  it('also answers POST with initData in the body', async () => {
    const res = await open.request.post('/api/profile/me').send({ initData: signInitData(testLaunchUser()) });
    expect(res.status).toBe(200);
  });

  it('tells a banned user the reason and date, and refuses their other calls', async () => {
    const launch = testLaunchUser();
    const initData = signInitData(launch);
    await open.request.get('/api/profile/me').set(tmaHeader(initData));
    const em = open.db.orm.em.fork();
    const user = await em.findOneOrFail(User, { telegramId: launch.id });
    user.isBanned = true;
    user.banReason = 'Спам';
    user.bannedAt = new Date('2026-11-01T10:00:00Z');
    await em.flush();

    const me = await open.request.get('/api/profile/me').set(tmaHeader(initData));
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ isBanned: true, banReason: 'Спам', bannedAt: '2026-11-01T10:00:00.000Z' });
    const other = await open.request.get('/api/anything-else').set(tmaHeader(initData));
    expect(other.status).toBe(403);
    expect(other.body).toMatchObject({ ok: false, error: 'BANNED' });
  });
});

describe('release gate', () => {
  it('holds ordinary users with 403 RELEASE_SOON and the release moment', async () => {
    const res = await gated.request.get('/api/profile/me').set(tmaHeader(signInitData(testLaunchUser())));
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ ok: false, error: 'RELEASE_SOON', releaseAt: releaseAt.toISOString() });
  });

  it('lets admins from ADMIN_IDS through', async () => {
    const res = await gated.request.get('/api/profile/me').set(tmaHeader(signInitData(testLaunchUser({ id: adminId }))));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ role: 'ADMIN', isAdmin: true, isModerator: true });
  });

  it('lets moderators through', async () => {
    const launch = testLaunchUser();
    const em = gated.db.orm.em.fork();
    em.create(User, { telegramId: launch.id, role: 'MODERATOR' });
    await em.flush();
    const res = await gated.request.get('/api/profile/me').set(tmaHeader(signInitData(launch)));
    expect(res.status).toBe(200);
    expect(res.body.isModerator).toBe(true);
  });

  it('is not shown when the release moment is unset', async () => {
    const res = await open.request.get('/api/profile/me').set(tmaHeader(signInitData(testLaunchUser())));
    expect(res.status).toBe(200);
  });
});
