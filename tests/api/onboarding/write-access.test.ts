import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WRITE_ACCESS_TEXT } from '../../../contracts/write-access';
import { User } from '../../../db/users/user.entity';
import { signInitData, testLaunchUser, tmaHeader } from '../../support/init-data';
import { createTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

let nextId = 880_001;
const auth = (id: number) => tmaHeader(signInitData(testLaunchUser({ id })));
const read = (id: number) => app.request.get('/api/profile/write-access').set(auth(id));
const answer = (id: number, body: unknown) =>
  app.request
    .post('/api/profile/write-access')
    .set(auth(id))
    .send(body as object);
const stored = async (id: number) => (await app.db.orm.em.fork().findOneOrFail(User, { telegramId: id })).writeAccess;

describe('write access: may the bot write to the user (issue 40)', () => {
  it('is unknown until the user answers, then the answer is kept and read back', async () => {
    const id = nextId++;
    expect((await read(id)).body).toEqual({ ok: true, writeAccess: null });
    expect((await answer(id, { allowed: false })).body).toEqual({ ok: true, writeAccess: false });
    expect(await stored(id)).toBe(false);
    expect((await answer(id, { allowed: true })).body).toEqual({ ok: true, writeAccess: true });
    expect((await read(id)).body).toEqual({ ok: true, writeAccess: true });
  });

  it("takes Telegram's word from the launch (allows_write_to_pm) and keeps it when a later launch is silent", async () => {
    const id = nextId++;
    const launch = (allows?: boolean) =>
      app.request
        .get('/api/profile/write-access')
        .set(tmaHeader(signInitData(testLaunchUser({ id, ...(allows === undefined ? {} : { allows_write_to_pm: allows }) }))));
    expect((await launch()).body).toEqual({ ok: true, writeAccess: null });
    expect((await launch(true)).body).toEqual({ ok: true, writeAccess: true });
    expect((await launch()).body).toEqual({ ok: true, writeAccess: true });
    expect((await launch(false)).body).toEqual({ ok: true, writeAccess: true });
  });

  it('refuses an answer that is not yes or no with a clear 400 and changes nothing', async () => {
    const id = nextId++;
    await answer(id, { allowed: true });
    for (const body of [{}, { allowed: 'yes' }, { allowed: null }, { allowed: 1 }]) {
      const res = await answer(id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ ok: false, error: 'BAD_REQUEST', message: WRITE_ACCESS_TEXT.answer });
    }
    expect(await stored(id)).toBe(true);
  });

  it('takes the identity only from validated initData', async () => {
    const res = await app.request.post('/api/profile/write-access').send({ allowed: true });
    expect(res.status).toBe(401);
  });
});
