import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ModerationItem } from '../../../db/moderation/moderation-item.entity';
import { ensurePlaces } from '../../../db/places/ensure-places';
import { Place } from '../../../db/places/place.entity';
import { Photo } from '../../../db/profiles/photo.entity';
import { Profile } from '../../../db/profiles/profile.entity';
import { dmyForAge, newRegistrant, validBase, type Registrant } from '../../support/onboarding';
import { signInitData, testLaunchUser } from '../../support/init-data';
import { uploadPhotos } from '../../support/images';
import { createTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
let r: Registrant;

beforeAll(async () => {
  app = await createTestApp();
  await ensurePlaces(app.db.orm.em.fork());
  r = await newRegistrant(app);
});
afterAll(() => app.close());

const submit = (body: Record<string, unknown>) => app.request.post('/api/profile/submit-base').send(body);

async function expectRefused(overrides: Record<string, unknown>, message: string) {
  const res = await submit(validBase(r, overrides));
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body).toMatchObject({ ok: false, message });
}

describe('POST /api/profile/submit-base validation (end-user.md §5)', () => {
  it.each([
    [{ displayName: 'Anna' }, 'Только кириллица!'],
    [{ displayName: 'Аня1' }, 'Только кириллица!'],
    [{ displayName: 'А' }, 'Не менее 2 символов!'],
    [{ displayName: undefined }, 'Не менее 2 символов!'],
    [{ displayName: 'Александраанастасия' }, 'Не более 16 символов!'],
    [{ displayName: 'Анна--Мария' }, 'Дефис или пробел — только один и только между частями имени'],
    [{ displayName: 'Анна  Мария' }, 'Дефис или пробел — только один и только между частями имени'],
    [{ displayName: '-Анна' }, 'Дефис или пробел — только один и только между частями имени'],
    [{ displayName: 'Anna-Мария' }, 'Только кириллица!'],
    [{ birthDate: '2010-13' }, 'Дата в формате ДД/ММ/ГГГГ'],
    [{ birthDate: '1/2/2010' }, 'Дата в формате ДД/ММ/ГГГГ'],
    [{ birthDate: '31/02/2010' }, 'Некорректная дата'],
    [{ birthDate: dmyForAge(12) }, 'Доступно только для 13–19 лет'],
    [{ birthDate: dmyForAge(20) }, 'Доступно только для 13–19 лет'],
    [{ gender: undefined }, 'Выберите ориентацию'],
    [{ gender: 'STRAIGHT' }, 'Выберите ориентацию'],
    [{ sex: 'OTHER' }, 'Укажите пол'],
    [{ city: '' }, 'Выберите город из списка'],
    [{ city: 'Ж'.repeat(129) }, 'Выберите город из списка'],
    [{ city: 'Несуществующийград' }, 'Выберите город из списка'],
    [{ city: 'Москва', placeId: 99_999_999 }, 'Выберите город из списка'],
  ])('refuses %j with the message %s', async (overrides, message) => {
    await expectRefused(overrides, message);
  });

  it.each([[{ sex: undefined }], [{ sex: null }]])(
    'requires the sex (AMENDMENTS §5.2): %j is refused, naming the field',
    async (overrides) => {
      const me = await newRegistrant(app);
      const res = await submit(validBase(me, overrides));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ ok: false, error: 'BAD_REQUEST', message: 'Укажите пол', field: 'sex' });
      expect(await app.db.orm.em.fork().findOne(Profile, { user: me.launch.id })).toBeNull();
    },
  );

  it('names the field of a refusal whose text mentions neither (a name with "пол" in it goes back to the name)', async () => {
    const res = await submit(validBase(r, { displayName: 'Пользователь1' }));
    expect(res.body).toMatchObject({ message: 'Только кириллица!', field: 'displayName' });
    const city = await submit(validBase(r, { city: 'Несуществующийград' }));
    expect(city.body).toMatchObject({ message: 'Выберите город из списка', field: 'city' });
  });

  it('needs exactly three photos', async () => {
    await expectRefused({ photos: r.photos.slice(0, 2) }, 'Загрузите 3 фото');
    await expectRefused({ photos: [...r.photos, r.photos[0]] }, 'Загрузите 3 фото');
    await expectRefused({ photos: undefined }, 'Загрузите 3 фото');
  });

  it('accepts only our own image URLs of images this user uploaded', async () => {
    const id = r.photos[0]!.split('/')[3];
    await expectRefused({ photos: [`javascript:alert(1)`, r.photos[1], r.photos[2]] }, 'Only http(s) URLs are allowed');
    await expectRefused(
      { photos: [`ftp://example.com/cdn/images/${id}/profile`, r.photos[1], r.photos[2]] },
      'Only http(s) URLs are allowed',
    );
    const host = new URL(app.api.url).host;
    const res = await submit(validBase(r, { photos: [`https://evil.example.com/cdn/images/${id}/profile`, r.photos[1], r.photos[2]] }));
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^Photo URL must be from /);
    expect(res.body.message).toContain(host);
    await expectRefused({ photos: [r.photos[0], r.photos[0], r.photos[1]] }, 'Фото не должны повторяться');
    const stranger = signInitData(testLaunchUser());
    const [foreign] = await uploadPhotos(app, stranger, 1);
    await expectRefused({ photos: [foreign, r.photos[1], r.photos[2]] }, 'Фото не найдено: загрузите его заново');
  });

  it('leaves no profile behind after a refusal', async () => {
    const em = app.db.orm.em.fork();
    expect(await em.count(Profile, { user: r.launch.id })).toBe(0);
    expect(await em.count(ModerationItem, { userId: r.launch.id })).toBe(0);
  });
});

describe('POST /api/profile/submit-base', () => {
  it('stores the base profile, its photos and an INITIAL item, and answers UNDER_REVIEW_BASE', async () => {
    const me = await newRegistrant(app);
    const absolute = `${app.api.url}${me.photos[0]}?w=360`;
    const res = await submit(
      validBase(me, {
        displayName: ' Ёжик ',
        birthDate: dmyForAge(15),
        city: 'орёл',
        photos: [absolute, me.photos[1], { url: me.photos[2] }],
        wandSizeCm: 12,
      }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ ok: true, status: 'UNDER_REVIEW_BASE' });

    const em = app.db.orm.em.fork();
    const profile = await em.findOneOrFail(Profile, { user: me.launch.id });
    const orel = await em.findOneOrFail(Place, { name: 'Орёл' });
    expect(profile).toMatchObject({
      displayName: 'Ёжик',
      city: 'Орёл',
      place: orel.id,
      sex: 'FEMALE',
      gender: 'BISEXUAL',
      initialModerationStatus: 'PENDING',
      descriptionModerationStatus: null,
    });
    expect(Object.keys(profile)).not.toContain('wandSizeCm');
    const photos = await em.find(Photo, { owner: me.launch.id }, { orderBy: { position: 'asc' } });
    expect(photos.map((p) => `/cdn/images/${p.image}/profile`)).toEqual(me.photos);
    expect(photos.every((p) => p.status === 'PENDING')).toBe(true);
    const items = await em.find(ModerationItem, { userId: me.launch.id });
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ type: 'INITIAL', status: 'PENDING' });
  });

  it.each(['Анна-Мария', 'Анна Мария'])('accepts the two-part name %s as written', async (displayName) => {
    const me = await newRegistrant(app);
    const res = await submit(validBase(me, { displayName }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const profile = await app.db.orm.em.fork().findOneOrFail(Profile, { user: me.launch.id });
    expect(profile.displayName).toBe(displayName);
  });

  it('stores LESBIAN with FEMALE, accepts an ISO birth date and a place id, and defaults the search to girls', async () => {
    const me = await newRegistrant(app);
    const em = app.db.orm.em.fork();
    const minsk = await em.findOneOrFail(Place, { name: 'Минск' });
    const iso = dmyForAge(17).split('/').reverse().join('-');
    const res = await submit(validBase(me, { gender: 'LESBIAN', sex: 'FEMALE', birthDate: iso, city: 'Минск', placeId: minsk.id }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const profile = await em.findOneOrFail(Profile, { user: me.launch.id });
    expect(profile).toMatchObject({
      gender: 'LESBIAN',
      sex: 'FEMALE',
      searchShow: 'FEMALE',
      birthDate: iso,
      place: minsk.id,
      city: 'Минск',
    });
  });

  it.each([
    ['GAY', 'FEMALE'],
    ['LESBIAN', 'MALE'],
  ])('refuses %s with %s instead of silently storing the other orientation, and stores nothing', async (gender, sex) => {
    const me = await newRegistrant(app);
    const res = await submit(validBase(me, { gender, sex }));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ ok: false, message: 'Эта ориентация не подходит к выбранному полу' });
    expect(await app.db.orm.em.fork().findOne(Profile, { user: me.launch.id })).toBeNull();
  });

  it.each([
    ['MALE', 'GAY', 'MALE'],
    ['MALE', 'BISEXUAL', 'ALL'],
    ['FEMALE', 'QUEER', 'ALL'],
  ])('stores the sex %s with %s for everyone and defaults whom to show to %s', async (sex, gender, show) => {
    const me = await newRegistrant(app);
    expect((await submit(validBase(me, { sex, gender }))).status).toBe(200);
    const profile = await app.db.orm.em.fork().findOneOrFail(Profile, { user: me.launch.id });
    expect(profile).toMatchObject({ sex, gender, searchShow: show, searchLookingFor: [] });
  });

  it('refuses a second submission while the first is under review (409) and keeps one item', async () => {
    const me = await newRegistrant(app);
    expect((await submit(validBase(me))).status).toBe(200);
    const again = await submit(validBase(me, { displayName: 'Другое' }));
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ ok: false, error: 'CONFLICT', message: 'Анкета уже на модерации, дождитесь решения' });
    const em = app.db.orm.em.fork();
    expect(await em.count(ModerationItem, { userId: me.launch.id })).toBe(1);
    expect((await em.findOneOrFail(Profile, { user: me.launch.id })).displayName).toBe('Аня');
  });
});
