import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { User } from '../../db/users/user.entity';
import { upgradeStatus } from '../support/security/connect';
import { callerAs } from '../support/security/identities';
import { createTestApp, type TestApp } from '../support/test-app';
import { signInitData, testLaunchUser, tmaHeader } from '../support/init-data';

let gated: TestApp;
const releaseAt = new Date(Date.now() + 3 * 86_400_000);
beforeAll(async () => {
  gated = await createTestApp({ releaseAt });
});
afterAll(() => gated.close());

const HELD = { ok: false, error: 'RELEASE_SOON', message: 'Приложение скоро откроется', releaseAt: releaseAt.toISOString() };

describe('the release gate on every call', () => {
  it('holds an ordinary user without an approved profile on any route and at the socket upgrade', async () => {
    const initData = signInitData(testLaunchUser());
    for (const call of [
      gated.request.get('/api/chat/me').set(tmaHeader(initData)),
      gated.request.get('/api/places/search').set(tmaHeader(initData)).query({ q: 'Мос' }),
      gated.request.post('/api/profile/submit-base').send({ initData }),
    ]) {
      const res = await call;
      expect(res.status, res.text).toBe(403);
      expect(res.body).toEqual(HELD);
    }
    expect(await upgradeStatus(gated, '/ws/messages', initData)).toBe(403);
    expect(await upgradeStatus(gated, '/ws/likes', initData)).toBe(403);
  });

  it('still answers the start-up calls the mini app needs to show the countdown', async () => {
    const initData = signInitData(testLaunchUser());
    expect((await gated.request.post('/api/telegram/validate').send({ initData })).status).toBe(200);
    expect((await gated.request.get('/api/profile/me').set(tmaHeader(initData))).body).toMatchObject(HELD);
    const status = await gated.request.post('/api/profile/status').send({ initData });
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({ ok: true, status: 'NO_PROFILE' });
  });

  it('lets approved users and staff through, on HTTP and at the upgrade', async () => {
    const approved = await callerAs(gated, 'user');
    expect((await gated.request.get('/api/chat/me').set(tmaHeader(approved.initData!))).status).toBe(200);
    expect(await upgradeStatus(gated, '/ws/likes', approved.initData)).toBe(101);
    const launch = testLaunchUser();
    const em = gated.db.orm.em.fork();
    em.create(User, { telegramId: launch.id, role: 'MODERATOR' });
    await em.flush();
    const moderator = signInitData(launch);
    expect((await gated.request.get('/api/moderation/counts').set(tmaHeader(moderator))).status).toBe(200);
    expect(await upgradeStatus(gated, '/ws/messages', moderator)).toBe(101);
  });
});
