import type { EntityManager } from '@mikro-orm/postgresql';
import { saveMaster } from '../media/images.service';
import type { Storage } from '../media/storage';
import { normalizePlaceName } from '../places/place-name';
import { Place } from '../places/place.entity';
import { Photo } from '../profiles/photo.entity';
import { Profile } from '../profiles/profile.entity';
import { User } from '../users/user.entity';
import { demoPeople, type DemoPerson } from './demo-people';
import { demoPhoto } from './demo-photos';
import { demoProfileFields } from './demo-profiles';

/** The most populous place of each demo city name. */
async function placesByName(em: EntityManager, cities: string[]): Promise<Map<string, number>> {
  const places = await em.find(Place, { nameNormalized: { $in: cities.map(normalizePlaceName) } }, { orderBy: { population: 'asc' } });
  return new Map(places.map((p) => [p.nameNormalized, p.id]));
}

async function addProfile(em: EntityManager, storage: Storage, person: DemoPerson, index: number, placeId: number | null): Promise<void> {
  const masters = await Promise.all([0, 1, 2].map((i) => demoPhoto(person.telegramId, i, person.firstName)));
  const images = await Promise.all(
    masters.map((master) => saveMaster(em, storage, { ownerId: person.telegramId, kind: 'profile', master })),
  );
  em.create(Profile, { user: person.telegramId, ...demoProfileFields(person, index), place: placeId });
  images.forEach((image, position) => em.create(Photo, { owner: person.telegramId, image: image.id, position, status: 'APPROVED' }));
}

/**
 * Seeds the demo people with approved profiles and three generated photos each; a second call changes
 * nothing. Returns how many people were created or completed.
 */
export async function seedDemo(em: EntityManager, storage: Storage): Promise<number> {
  const people = demoPeople();
  const ids = people.map((p) => p.telegramId);
  const users = new Set((await em.find(User, { telegramId: { $in: ids } })).map((u) => u.telegramId));
  const profiles = new Set((await em.find(Profile, { user: { $in: ids } })).map((p) => p.user));
  const todo = people
    .map((person, index) => ({ person, index }))
    .filter(({ person }) => !users.has(person.telegramId) || !profiles.has(person.telegramId));
  if (todo.length === 0) return 0;
  const places = await placesByName(em, [...new Set(people.map((p) => p.city))]);
  for (const { person } of todo) {
    if (users.has(person.telegramId)) continue;
    em.create(User, {
      telegramId: person.telegramId,
      firstName: person.firstName,
      username: person.username,
      languageCode: 'ru',
      role: person.role,
    });
  }
  await em.flush();
  await Promise.all(
    todo
      .filter(({ person }) => !profiles.has(person.telegramId))
      .map(({ person, index }) => addProfile(em, storage, person, index, places.get(normalizePlaceName(person.city)) ?? null)),
  );
  await em.flush();
  return todo.length;
}
