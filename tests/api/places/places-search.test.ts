import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensurePlaces } from '../../../db/places/ensure-places';
import { Place } from '../../../db/places/place.entity';
import { signInitData, testLaunchUser, tmaHeader } from '../../support/init-data';
import { createTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
let initData: string;
beforeAll(async () => {
  app = await createTestApp();
  await ensurePlaces(app.db.orm.em.fork());
  initData = signInitData(testLaunchUser());
});
afterAll(() => app.close());

const search = async (q: string, limit?: number, region?: string) => {
  const res = await app.request
    .get('/api/places/search')
    .set(tmaHeader(initData))
    .query({ q, ...(limit === undefined ? {} : { limit }), ...(region ? { region } : {}) });
  expect(res.status).toBe(200);
  return res.body as {
    ok: true;
    items: Array<{ id: number; name: string; country: string; region: string | null; lat: number; lon: number }>;
  };
};

describe('GET /api/places/search', () => {
  it("puts Москва first for 'мос', with the suggestion fields", async () => {
    const { ok, items } = await search('мос');
    expect(ok).toBe(true);
    expect(items[0]).toMatchObject({ name: 'Москва', country: 'Россия', region: null });
    expect(items[0]!.lat).toBeCloseTo(55.75, 1);
    expect(items[0]!.lon).toBeCloseTo(37.62, 1);
    expect(Object.keys(items[0]!).sort()).toEqual(['country', 'id', 'lat', 'lon', 'name', 'region']);
  });

  it("finds Минск for 'минс' and is case-insensitive", async () => {
    expect((await search('минс')).items[0]).toMatchObject({ name: 'Минск', country: 'Беларусь' });
    expect((await search('  МИНСК ')).items[0]?.name).toBe('Минск');
  });

  it('folds ё and е both ways', async () => {
    expect((await search('орел')).items[0]).toMatchObject({ name: 'Орёл', region: 'Орловская область' });
    expect((await search('Орёл')).items[0]?.name).toBe('Орёл');
    expect((await search('королев')).items.map((i) => i.name)).toContain('Королёв');
  });

  it('ranks an exact name before longer prefixes, and prefixes before matches inside the name', async () => {
    const names = (await search('киров')).items.map((i) => i.name);
    expect(names.slice(0, 2)).toEqual(['Киров', 'Киров']);
    expect(names.indexOf('Кировск')).toBeGreaterThan(1);
    const inside = (await search('петербург')).items.map((i) => i.name);
    expect(inside).toContain('Санкт-Петербург');
  });

  it('ties by population, largest first', async () => {
    const items = (await search('но', 12)).items;
    const populations = await app.db.orm.em.fork().find(Place, { id: { $in: items.map((i) => i.id) } });
    const byId = new Map(populations.map((p) => [p.id, p.population]));
    const prefixed = items.filter((i) => i.name.toLowerCase().startsWith('но')).map((i) => byId.get(i.id)!);
    expect(prefixed).toEqual([...prefixed].sort((a, b) => b - a));
    expect(items[0]!.name).toBe('Новосибирск');
  });

  it('finds the hand-typed world cities in Russian', async () => {
    for (const [q, name, country] of [
      ['тбил', 'Тбилиси', 'Грузия'],
      ['нью-й', 'Нью-Йорк', 'США'],
      ['берлин', 'Берлин', 'Германия'],
      ['тель', 'Тель-Авив', 'Израиль'],
    ]) {
      expect((await search(q!)).items[0]).toMatchObject({ name, country });
    }
  });

  it('puts world places first for the WORLD region, and Russia and Belarus first for RU_BY', async () => {
    const countries = async (q: string, region: string) => (await search(q, 12, region)).items.map((i) => i.country);
    expect((await search('кра', 12, 'WORLD')).items[0]).toMatchObject({ name: 'Краков', country: 'Польша' });
    expect((await search('кра')).items[0]?.name).toBe('Красноярск');
    expect((await search('бел', 12, 'RU_BY')).items[0]).toMatchObject({ name: 'Белгород', country: 'Россия' });
    expect((await search('бел', 12, 'WORLD')).items[0]).toMatchObject({ name: 'Белград', country: 'Сербия' });
    const world = await countries('бе', 'WORLD');
    const firstHome = world.findIndex((c) => c === 'Россия' || c === 'Беларусь');
    expect(firstHome).toBeGreaterThan(0);
    expect(world.slice(firstHome).every((c) => c === 'Россия' || c === 'Беларусь')).toBe(true);
    // An unknown region is ignored, not an error.
    expect((await search('кра', 12, 'MARS')).items[0]?.name).toBe('Красноярск');
    const suggested = await app.request.post('/api/dadata/suggest/city').set(tmaHeader(initData)).send({ q: 'кра', region: 'WORLD' });
    expect(suggested.body.items[0]).toMatchObject({ name: 'Краков' });
  });

  it('answers at most 12 items, caps a larger limit, and honours a smaller one', async () => {
    expect((await search('ка')).items).toHaveLength(12);
    expect((await search('ка', 100)).items).toHaveLength(12);
    expect((await search('ка', 3)).items).toHaveLength(3);
  });

  it('answers an empty list under 2 characters and for wildcard-looking queries', async () => {
    expect((await search('м')).items).toEqual([]);
    expect((await search('  м  ')).items).toEqual([]);
    expect((await search('')).items).toEqual([]);
    expect((await search('%%')).items).toEqual([]);
    expect((await search('__')).items).toEqual([]);
  });

  it('needs initData like every /api call', async () => {
    expect((await app.request.get('/api/places/search').query({ q: 'мос' })).status).toBe(401);
    expect((await app.request.post('/api/dadata/suggest/city').send({ q: 'мос' })).status).toBe(401);
  });
});

describe('POST /api/dadata/suggest/city', () => {
  it('answers from the local search with a note that the external suggester is not used', async () => {
    const res = await app.request.post('/api/dadata/suggest/city').send({ initData, q: 'мос', limit: 2 });
    expect(res.status).toBe(200);
    expect(res.body.note).toBe('Внешний сервис подсказок недоступен, используется локальный поиск');
    expect(res.body.items).toHaveLength(2);
    expect(res.body.items[0].name).toBe('Москва');
  });
});
