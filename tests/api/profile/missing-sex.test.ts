import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlOf } from '../../../db/kysely';
import { Profile } from '../../../db/profiles/profile.entity';
import { createMember } from '../../support/factories';
import { signInitData, testLaunchUser, tmaHeader } from '../../support/init-data';
import { createTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const em = () => app.db.orm.em.fork();
const auth = (id: number) => tmaHeader(signInitData(testLaunchUser({ id })));
const status = async (id: number) => (await app.request.post('/api/profile/status').set(auth(id)).send({})).body;
const setSex = (id: number, body: Record<string, unknown>) => app.request.post('/api/profile/sex').set(auth(id)).send(body);
const stored = async (id: number) => em().findOneOrFail(Profile, { user: id });

/** A profile made before sex was required: no sex stored (createMember writes none). */
async function legacyMember(gender: 'QUEER' | 'LESBIAN' | 'GAY' = 'QUEER'): Promise<number> {
  const id = await createMember(em());
  await em().nativeUpdate(Profile, { user: id }, { sex: null, gender });
  return id;
}

describe('a profile without a stored sex (AMENDMENTS §5.2)', () => {
  it('is told by the status answer, then stores the sex once and is told no more', async () => {
    const id = await legacyMember();
    expect(await status(id)).toEqual({ ok: true, status: 'APPROVED', reason: null, sexMissing: true, gender: 'QUEER' });
    const res = await setSex(id, { sex: 'MALE' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ ok: true, sex: 'MALE', gender: 'QUEER' });
    expect(await stored(id)).toMatchObject({ sex: 'MALE', gender: 'QUEER' });
    expect(await status(id)).toMatchObject({ sexMissing: false });
  });

  it('refuses a sex the stored orientation does not fit, naming the orientation field, and stores nothing', async () => {
    const id = await legacyMember('LESBIAN');
    const res = await setSex(id, { sex: 'MALE' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ ok: false, error: 'BAD_REQUEST', message: 'Эта ориентация не подходит к выбранному полу', field: 'gender' });
    expect((await stored(id)).sex).toBeNull();
    const withOrientation = await setSex(id, { sex: 'MALE', gender: 'GAY' });
    expect(withOrientation.body).toEqual({ ok: true, sex: 'MALE', gender: 'GAY' });
    expect(await stored(id)).toMatchObject({ sex: 'MALE', gender: 'GAY' });
  });

  it('refuses a new orientation that does not fit the chosen sex either', async () => {
    const id = await legacyMember('LESBIAN');
    const res = await setSex(id, { sex: 'MALE', gender: 'LESBIAN' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ field: 'gender' });
  });

  it('answers a repeated choice as done, but never changes a stored sex', async () => {
    const id = await legacyMember();
    expect((await setSex(id, { sex: 'FEMALE' })).status).toBe(200);
    expect((await setSex(id, { sex: 'FEMALE' })).body).toEqual({ ok: true, sex: 'FEMALE', gender: 'QUEER' });
    const change = await setSex(id, { sex: 'MALE' });
    expect(change.status).toBe(409);
    expect(change.body).toMatchObject({ ok: false, error: 'CONFLICT', message: 'Пол уже указан' });
    expect((await stored(id)).sex).toBe('FEMALE');
  });

  it('answers a missing or unknown sex with the spec’s message and the field, never a 500', async () => {
    const id = await legacyMember();
    for (const body of [{}, { sex: null }, { sex: 'OTHER' }]) {
      const res = await setSex(id, body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ ok: false, error: 'BAD_REQUEST', message: 'Укажите пол', field: 'sex' });
    }
    const notObject = await app.request.post('/api/profile/sex').set(auth(id)).set('content-type', 'application/json').send('[1]');
    expect(notObject.status).toBe(400);
  });

  it('is refused before the base profile exists', async () => {
    const launch = testLaunchUser();
    const res = await app.request
      .post('/api/profile/sex')
      .set(tmaHeader(signInitData(launch)))
      .send({ sex: 'MALE' });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ message: 'Сначала заполните анкету' });
  });

  it('starts the person’s feed over, as every change of who may see whom does', async () => {
    const id = await legacyMember();
    const resetOf = () => sqlOf(em()).selectFrom('feed_resets').select('reset_at').where('viewer_id', '=', id).executeTakeFirst();
    expect(await resetOf()).toBeUndefined();
    expect((await setSex(id, { sex: 'FEMALE' })).status).toBe(200);
    expect(await resetOf()).toBeDefined();
  });

  it('is not asked of a profile that has its sex', async () => {
    const id = await createMember(em());
    await em().nativeUpdate(Profile, { user: id }, { sex: 'FEMALE' });
    expect(await status(id)).toMatchObject({ sexMissing: false });
  });
});
