import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { User } from '../../../db/users/user.entity';
import { createTestApp, type TestApp } from '../../support/test-app';
import { signInitData, testLaunchUser, tmaHeader } from '../../support/init-data';
import { upgradeStatus } from '../../support/security/connect';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('POST /api/telegram/validate', () => {
  it('accepts valid initData and creates the user from the launch user', async () => {
    const launch = testLaunchUser({ first_name: 'Лена', username: 'lena' });
    const res = await app.request.post('/api/telegram/validate').send({ initData: signInitData(launch) });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, user: { id: launch.id, first_name: 'Лена' } });
    expect(typeof res.body.auth_date).toBe('number');
    const row = await app.db.orm.em.fork().findOneOrFail(User, { telegramId: launch.id });
    expect(row).toMatchObject({ firstName: 'Лена', username: 'lena', role: 'USER', isBanned: false });
  });

  it('refreshes Telegram fields on the next launch', async () => {
    const launch = testLaunchUser({ first_name: 'Старое' });
    await app.request.post('/api/telegram/validate').send({ initData: signInitData(launch) });
    await app.request.post('/api/telegram/validate').send({ initData: signInitData({ ...launch, first_name: 'Новое' }) });
    const row = await app.db.orm.em.fork().findOneOrFail(User, { telegramId: launch.id });
    expect(row.firstName).toBe('Новое');
  });

  it('refuses tampered initData with 401 and creates nothing', async () => {
    const launch = testLaunchUser();
    const tampered = signInitData(launch).replace(encodeURIComponent(`"id":${launch.id}`), encodeURIComponent(`"id":${launch.id + 1}`));
    const res = await app.request.post('/api/telegram/validate').send({ initData: tampered });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ ok: false, error: 'UNAUTHORIZED', message: 'Не удалось подтвердить пользователя' });
    expect(await app.db.orm.em.fork().count(User, { telegramId: { $in: [launch.id, launch.id + 1] } })).toBe(0);
  });

  it('refuses initData signed with another token', async () => {
    const res = await app.request
      .post('/api/telegram/validate')
      .send({ initData: signInitData(testLaunchUser(), { token: '999:another-token-entirely' }) });
    expect(res.status).toBe(401);
  });

  it('refuses expired initData', async () => {
    const old = new Date(Date.now() - 2 * 86_400_000);
    const res = await app.request.post('/api/telegram/validate').send({ initData: signInitData(testLaunchUser(), { authDate: old }) });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Данные сессии устарели. Перезагрузите WebApp.');
  });

  it('refuses initData dated more than a minute ahead, on HTTP and at the socket upgrade, and accepts small clock skew', async () => {
    const ahead = signInitData(testLaunchUser(), { authDate: new Date(Date.now() + 10 * 60_000) });
    const res = await app.request.post('/api/telegram/validate').send({ initData: ahead });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ ok: false, error: 'UNAUTHORIZED', message: 'Не удалось подтвердить пользователя' });
    expect(await upgradeStatus(app, '/ws/likes', ahead)).toBe(401);
    const skewed = signInitData(testLaunchUser(), { authDate: new Date(Date.now() + 20_000) });
    expect((await app.request.post('/api/telegram/validate').send({ initData: skewed })).status).toBe(200);
  });

  it('refuses a call without initData', async () => {
    const res = await app.request.post('/api/telegram/validate').send({});
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ ok: false, error: 'UNAUTHORIZED', message: 'initData отсутствует' });
  });

  it('reads initData from the Authorization header and the JSON body, never from a multipart field (read only once signed in)', async () => {
    const initData = signInitData(testLaunchUser());
    expect((await app.request.get('/api/profile/me').set(tmaHeader(initData))).status).toBe(200);
    expect((await app.request.post('/api/telegram/validate').send({ initData })).status).toBe(200);
    const multipart = await app.request.post('/api/telegram/validate').field('initData', initData);
    expect(multipart.status).toBe(401);
    expect(multipart.body).toMatchObject({ ok: false, error: 'UNAUTHORIZED', message: 'initData отсутствует' });
    expect((await app.request.post('/api/telegram/validate').set(tmaHeader(initData)).field('x', '1')).status).toBe(200);
  });

  it('refuses initData in the query string with the ordinary 401 (proxy logs keep URLs), on GET and POST alike', async () => {
    const initData = signInitData(testLaunchUser());
    const get = await app.request.get('/api/profile/me').query({ initData });
    expect(get.status).toBe(401);
    expect(get.body).toEqual({ ok: false, error: 'UNAUTHORIZED', message: 'initData отсутствует' });
    expect((await app.request.post('/api/telegram/validate').query({ initData }).send({})).status).toBe(401);
  });

  it('answers malformed JSON with 400 in the error shape', async () => {
    const res = await app.request.post('/api/telegram/validate').set('content-type', 'application/json').send('{"initData":');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ ok: false, error: 'BAD_REQUEST', message: 'Некорректный JSON в теле запроса' });
  });
});

describe('x-telegram-id', () => {
  it('is refused with 403 when it names someone else', async () => {
    const launch = testLaunchUser();
    const res = await app.request
      .get('/api/profile/me')
      .set(tmaHeader(signInitData(launch)))
      .set('x-telegram-id', String(launch.id + 7));
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ ok: false, error: 'FORBIDDEN' });
  });

  it('is accepted when it matches the initData user', async () => {
    const launch = testLaunchUser();
    const res = await app.request
      .get('/api/profile/me')
      .set(tmaHeader(signInitData(launch)))
      .set('x-telegram-id', String(launch.id));
    expect(res.status).toBe(200);
    expect(res.body.telegramId).toBe(launch.id);
  });

  it('never grants identity on its own', async () => {
    const res = await app.request.get('/api/profile/me').set('x-telegram-id', '12345');
    expect(res.status).toBe(401);
  });
});

describe('unknown routes', () => {
  it('answer 404 in the error shape', async () => {
    const res = await app.request.get('/api/nothing-here').set(tmaHeader(signInitData(testLaunchUser())));
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ ok: false, error: 'NOT_FOUND' });
  });
});
