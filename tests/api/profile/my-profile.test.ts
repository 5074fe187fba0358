import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ModerationItem } from '../../../db/moderation/moderation-item.entity';
import { ensurePlaces } from '../../../db/places/ensure-places';
import { Profile } from '../../../db/profiles/profile.entity';
import { approveBase, approveDescription } from '../../support/onboarding-decisions';
import { uploadPhotos } from '../../support/images';
import { dmyForAge, newRegistrant, validBase, validDetails, type Registrant } from '../../support/onboarding';
import { createTestApp, type TestApp } from '../../support/test-app';
import { tmaHeader } from '../../support/init-data';

let app: TestApp;
let r: Registrant;
const em = () => app.db.orm.em.fork();
const patch = (body: Record<string, unknown>) => app.request.patch('/api/profile/my').send({ initData: r.initData, ...body });
const pendingItems = () => em().find(ModerationItem, { userId: r.launch.id, status: 'PENDING' }, { orderBy: { id: 'asc' } });

beforeAll(async () => {
  app = await createTestApp();
  await ensurePlaces(em());
  r = await newRegistrant(app);
  const base = await app.request.post('/api/profile/submit-base').send(validBase(r, { birthDate: dmyForAge(16) }));
  expect(base.status, JSON.stringify(base.body)).toBe(200);
  await approveBase(em(), r.launch.id);
  await app.request.post('/api/profile/submit-details').send(validDetails(r));
  await approveDescription(em(), r.launch.id);
});
afterAll(() => app.close());

describe('GET /api/profile/my', () => {
  it('returns the own profile with photo URLs and moderation statuses', async () => {
    const res = await app.request.get('/api/profile/my').set(tmaHeader(r.initData));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      ok: true,
      displayName: 'Аня',
      age: 16,
      city: 'Москва',
      bio: 'Люблю музыку, книги и долгие прогулки по вечерам.',
      gender: 'BISEXUAL',
      sex: 'FEMALE',
      lookingFor: ['COMMUNICATION', 'LOCAL'],
      heightCm: 170,
      photos: r.photos,
      moderation: { base: 'APPROVED', description: 'APPROVED' },
      pending: { edit: false, photos: false },
    });
    expect(JSON.stringify(res.body)).not.toMatch(/wand|weight/i);
  });

  it('answers empty fields before the first submission', async () => {
    const fresh = await newRegistrant(app);
    const res = await app.request.get('/api/profile/my').set(tmaHeader(fresh.initData));
    expect(res.body).toMatchObject({ ok: true, displayName: null, city: null, photos: [], moderation: { base: null, description: null } });
  });
});

describe('PATCH /api/profile/my', () => {
  it.each([
    [{ displayName: 'Я' }, 'Не менее 2 символов!'],
    [{ displayName: 'Я'.repeat(33) }, 'Не более 32 символов!'],
    [{ bio: '   ' }, 'Описание не может быть пустым'],
    [{ city: 'Атлантида' }, 'Выберите город из списка'],
    [{ heightCm: 250 }, 'Рост: от 130 до 220 см'],
    [{ photos: [] }, 'Минимум 1 фото'],
    [{ lookingFor: ['SEX'] }, 'Допустимые значения: LONG_DISTANCE, LOCAL, COMMUNICATION'],
    // A girl is not offered Гей; it is refused, never rewritten to Лесби (AMENDMENTS §4.1).
    [{ gender: 'GAY' }, 'Эта ориентация не подходит к выбранному полу'],
    [{ birthDate: '01/01/2010' }, 'Дату рождения нельзя изменить после регистрации'],
    [{ birthDate: '2010-01-01', displayName: 'Маша' }, 'Дату рождения нельзя изменить после регистрации'],
  ])('refuses %j with the message %s and queues nothing', async (body, message) => {
    const res = await patch(body);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.message).toBe(message);
    expect(await pendingItems()).toHaveLength(0);
  });

  it('never changes the birth date', async () => {
    const before = (await em().findOneOrFail(Profile, { user: r.launch.id })).birthDate;
    await patch({ birthDate: '01/01/2009' });
    expect((await em().findOneOrFail(Profile, { user: r.launch.id })).birthDate).toBe(before);
  });

  it('queues field changes for moderation without applying them, merging later edits', async () => {
    const res = await patch({ displayName: 'Анечка', bio: 'Новое описание о себе', heightCm: '', weightKg: 61, wandSizeCm: 20 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ ok: true, editQueued: true, photosQueued: false, message: 'Изменения отправлены на модерацию' });
    const second = await patch({ city: 'минск', gender: 'LESBIAN' });
    expect(second.body.editQueued).toBe(true);

    const items = await pendingItems();
    expect(items).toHaveLength(1);
    expect(items[0]!.type).toBe('PROFILE_EDIT');
    expect((items[0]!.payload as { changes: Record<string, unknown> }).changes).toMatchObject({
      displayName: 'Анечка',
      bio: 'Новое описание о себе',
      heightCm: null,
      city: 'Минск',
      gender: 'LESBIAN',
    });
    expect((items[0]!.payload as { changes: Record<string, unknown> }).changes).not.toHaveProperty('weightKg');
    const profile = await em().findOneOrFail(Profile, { user: r.launch.id });
    expect(profile).toMatchObject({ displayName: 'Аня', city: 'Москва', heightCm: 170 });
    const my = await app.request.get('/api/profile/my').set(tmaHeader(r.initData));
    expect(my.body.pending).toEqual({ edit: true, photos: false });
  });

  it('queues new photos as a PHOTOS item and answers photosQueued', async () => {
    const [fresh] = await uploadPhotos(app, r.initData, 1);
    const res = await patch({ photos: [fresh, r.photos[1], r.photos[2]] });
    expect(res.body).toEqual({ ok: true, editQueued: false, photosQueued: true, message: 'Изменения отправлены на модерацию' });
    const photos = (await pendingItems()).filter((i) => i.type === 'PHOTOS');
    expect(photos).toHaveLength(1);
    expect((photos[0]!.payload as { photos: string[] }).photos[0]).toBe(fresh!.split('/')[3]);
    const my = await app.request.get('/api/profile/my').set(tmaHeader(r.initData));
    expect(my.body.photos).toEqual(r.photos);
  });

  it('says nothing changed when the values are the current ones, a body weight being no field at all (AMENDMENTS §5.9)', async () => {
    const res = await patch({ weightKg: 61, photos: r.photos });
    expect(res.body).toEqual({ ok: true, editQueued: false, photosQueued: false, message: 'Изменений нет' });
  });

  it('refuses edits before the base profile is approved', async () => {
    const fresh = await newRegistrant(app);
    const res = await app.request.patch('/api/profile/my').send({ initData: fresh.initData, displayName: 'Петя' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Сначала заполните анкету');
  });
});
