import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextFeedProfile, type FeedViewer } from '../../db/explore/feed.repository';
import { sqlOf } from '../../db/kysely';
import { birthDateForAge, createMember } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());
const em = () => app.db.orm.em.fork();
const db = () => sqlOf(em());
const DAY = 86_400_000;

interface TestPlace {
  id: number;
  lat: number;
  lon: number;
}
const addPlaces = (places: TestPlace[]) =>
  db()
    .insertInto('places')
    .values(places.map((p) => ({ ...p, name: `Место ${p.id}`, name_normalized: `место ${p.id}`, country: 'Тест', population: 1 })))
    .execute();
const listOf = async (id: number) =>
  (await db().selectFrom('place_neighbours').select('nearest').where('place_id', '=', id).executeTakeFirst())?.nearest;

/** The feed's order of places around `o`, as it was computed on every card: itself first, then by distance. */
const byDistance = (o: TestPlace, all: TestPlace[]) => {
  const k = Math.cos((o.lat * Math.PI) / 180);
  const d = (p: TestPlace) => (p.lat - o.lat) ** 2 + ((p.lon - o.lon) * k) ** 2;
  return [...all].sort((a, b) => Number(b.id === o.id) - Number(a.id === o.id) || d(a) - d(b) || a.id - b.id).map((p) => p.id);
};

describe('place neighbours (the feed’s nearest places)', () => {
  it('keep each place’s 300 nearest, itself first, then by distance, rebuilt when places are added or removed', async () => {
    // A scattered grid of 320 places: more than a list holds.
    const grid = Array.from({ length: 320 }, (_, i) => ({
      id: 992_000 + i,
      lat: 40 + (i % 20) * 0.7 + ((i * 37) % 11) * 0.013,
      lon: 20 + Math.floor(i / 20) * 0.9 + ((i * 53) % 7) * 0.017,
    }));
    await addPlaces(grid);
    for (const o of [grid[0]!, grid[155]!, grid[319]!]) {
      const list = await listOf(o.id);
      expect(list).toHaveLength(300);
      expect(list!.map(Number)).toEqual(byDistance(o, grid).slice(0, 300));
    }

    await db().deleteFrom('places').where('id', '>=', 992_000).where('id', '<', 992_100).execute();
    const left = grid.slice(100);
    expect((await listOf(grid[155]!.id))!.map(Number)).toEqual(byDistance(grid[155]!, left));
    expect(await listOf(grid[0]!.id)).toBeUndefined();
    await db().deleteFrom('places').where('id', '>=', 992_000).where('id', '<', 993_000).execute();
  });

  it('let the feed offer a nearer place’s profile first, also of a place added after the viewer’s first card', async () => {
    const home = { id: 993_001, lat: 55, lon: 37 };
    const far = { id: 993_002, lat: 59, lon: 30 };
    await addPlaces([home, far]);
    const viewerId = await createMember(em(), { age: 16, placeId: home.id });
    const viewer: FeedViewer = { telegramId: viewerId, birthDate: birthDateForAge(16), placeId: home.id };
    const farAway = await createMember(em(), { age: 16, placeId: far.id, activeAt: new Date(Date.now() - DAY) });
    expect(await nextFeedProfile(em(), viewer)).toBe(farAway);

    // Less recently active, but in a place nearer to the viewer's: the feed walks places by distance first.
    const near = { id: 993_003, lat: 55.3, lon: 37.2 };
    await addPlaces([near]);
    const nearby = await createMember(em(), { age: 16, placeId: near.id, activeAt: new Date(Date.now() - 2 * DAY) });
    expect(await nextFeedProfile(em(), viewer)).toBe(nearby);
    expect(await nextFeedProfile(em(), viewer, { resume: false })).toBe(nearby);
    expect(await nextFeedProfile(em(), viewer, { excludeSeen: false })).toBe(nearby);
  });
});
