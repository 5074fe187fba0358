import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../../../api/middleware/rate-limits';
import { connect, upgradeStatus } from '../../support/security/connect';
import { callerAs, initDataOf, tamperedInitData } from '../../support/security/identities';
import { freshAddress } from '../../support/security/send-call';
import { signInitData, tmaHeader } from '../../support/init-data';
import { createTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const HOUR_MS = 3_600_000;
const me = (initData: string, from?: string) =>
  app.request
    .get('/api/profile/me')
    .set(tmaHeader(initData))
    .set(from ? { 'X-Forwarded-For': from } : {});
const signedAgo = (id: number, ms: number) =>
  signInitData({ id, first_name: 'Тест', username: `u${id}` }, { authDate: new Date(Date.now() - ms) });

describe('initData replayed beyond the age window (24 h)', () => {
  it('is refused on HTTP and at the socket upgrade; inside the window it works', async () => {
    const { id } = await callerAs(app, 'user');
    const stale = await me(signedAgo(id, 25 * HOUR_MS));
    expect(stale.status).toBe(401);
    expect(stale.body).toEqual({ ok: false, error: 'UNAUTHORIZED', message: 'Данные сессии устарели. Перезагрузите WebApp.' });
    expect(await upgradeStatus(app, '/ws/messages', signedAgo(id, 25 * HOUR_MS))).toBe(401);
    expect((await me(signedAgo(id, 23 * HOUR_MS))).status).toBe(200);
  });
});

describe('the initData of a user who gets banned', () => {
  it('is refused at once, on HTTP and on the socket, though still within its age', async () => {
    const admin = await callerAs(app, 'admin');
    const { id, initData } = await callerAs(app, 'user');
    expect((await me(initData!)).status).toBe(200);
    const socket = await connect(app, '/ws/likes', initData);
    const closed = new Promise<number>((resolve) => socket.ws.once('close', (code) => resolve(code)));
    const ban = await app.request
      .patch(`/api/user/${id}/account`)
      .send({ initData: admin.initData, isBanned: true, banReason: 'Спам в личных сообщениях' });
    expect(ban.status, ban.text).toBe(200);
    expect((await me(initData!)).status).toBe(200); // /api/profile/me tells a banned user so (the blocked screen)
    const refused = await app.request.get('/api/chat/me').set(tmaHeader(initData!));
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ ok: false, error: 'BANNED', message: 'Доступ ограничен' });
    expect(await closed).toBe(4003);
    expect(await upgradeStatus(app, '/ws/likes', initData)).toBe(403);
  });
});

describe('initData with a bad signature, per client address', () => {
  const { limit } = RATE_LIMITS.initDataFailures;

  it(`answers 429 with Retry-After after ${limit} failures a minute; valid initData and other addresses still pass`, async () => {
    const { id } = await callerAs(app, 'user');
    for (let i = 0; i < limit; i++) expect((await me(tamperedInitData(id))).status).toBe(401);
    const limited = await me(tamperedInitData(id));
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({
      ok: false,
      error: 'RATE_LIMITED',
      message: expect.stringMatching(/^Слишком много запросов\. Попробуйте через \d+ с$/),
      retryAfter: expect.any(Number),
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await upgradeStatus(app, '/ws/likes', tamperedInitData(id))).toBe(429);
    expect((await me(initDataOf(id))).status).toBe(200);
    expect((await me(tamperedInitData(id), freshAddress())).status).toBe(401);
  });

  it('does not count expired initData (an honest client left open overnight)', async () => {
    const { id } = await callerAs(app, 'user');
    for (let i = 0; i <= limit; i++) expect((await me(signedAgo(id, 25 * HOUR_MS))).status).toBe(401);
  });
});
