import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ageOn } from '../../contracts/birth-date';
import { LOOKING_FOR } from '../../contracts/profile-fields';
import { demoPeople } from '../../db/demo/demo-people';
import { seedDemo } from '../../db/demo/seed-demo';
import { Image } from '../../db/media/image.entity';
import { createLocalDiskStorage } from '../../db/media/local-disk.storage';
import { masterKey } from '../../db/media/renditions';
import type { Storage } from '../../db/media/storage';
import { ensurePlaces } from '../../db/places/ensure-places';
import { Photo } from '../../db/profiles/photo.entity';
import { Profile } from '../../db/profiles/profile.entity';
import { User } from '../../db/users/user.entity';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

let db: TestDatabase;
let dir: string;
let storage: Storage;
let firstRunMs = 0;
let created = 0;

beforeAll(async () => {
  db = await createTestDatabase();
  dir = await mkdtemp(path.join(os.tmpdir(), 'seed-storage-'));
  storage = createLocalDiskStorage(dir);
  await ensurePlaces(db.orm.em.fork());
  const started = Date.now();
  created = await seedDemo(db.orm.em.fork(), storage);
  firstRunMs = Date.now() - started;
});
afterAll(async () => {
  await db.drop();
  await rm(dir, { recursive: true, force: true });
});

describe('demo seed', () => {
  it('creates 42 people with approved profiles, each with three generated photos, in under 5 s', async () => {
    expect(created).toBe(42);
    expect(firstRunMs).toBeLessThan(5000);
    const em = db.orm.em.fork();
    const profiles = await em.find(Profile, { user: { $in: demoPeople().map((p) => p.telegramId) } });
    expect(profiles).toHaveLength(42);
    const people = new Map(demoPeople().map((p) => [p.telegramId, p]));
    for (const profile of profiles) {
      const person = people.get(profile.user)!;
      expect(profile).toMatchObject({
        initialModerationStatus: 'APPROVED',
        descriptionModerationStatus: 'APPROVED',
        displayName: person.firstName,
        city: person.city,
        gender: person.gender,
        sex: person.sex,
      });
      expect(ageOn(profile.birthDate)).toBe(person.age);
      expect(profile.bio!.length).toBeGreaterThanOrEqual(24);
      expect(profile.lookingFor.length).toBeGreaterThan(0);
      expect(profile.lookingFor.every((v) => (LOOKING_FOR as readonly string[]).includes(v))).toBe(true);
      expect(profile.place).not.toBeNull();
    }
  });

  it('stores three distinct real images per person through the storage', async () => {
    const em = db.orm.em.fork();
    const photos = await em.find(Photo, {}, { orderBy: { owner: 'asc', position: 'asc' } });
    expect(photos).toHaveLength(42 * 3);
    expect(photos.every((p) => p.status === 'APPROVED')).toBe(true);
    expect(await em.count(Image, { kind: 'profile' })).toBe(126);
    const [a, b] = [photos[0]!, photos[3]!];
    const [bytesA, bytesB] = [(await storage.get(masterKey(a.image)))!, (await storage.get(masterKey(b.image)))!];
    expect(await sharp(bytesA).metadata()).toMatchObject({ format: 'webp', width: 360, height: 480 });
    const [statsA, statsB] = [await sharp(bytesA).stats(), await sharp(bytesB).stats()];
    expect(statsA.dominant).not.toEqual(statsB.dominant);
  });

  it('changes nothing when run again', async () => {
    expect(await seedDemo(db.orm.em.fork(), storage)).toBe(0);
    const em = db.orm.em.fork();
    expect(await em.count(User, {})).toBe(42);
    expect(await em.count(Profile, {})).toBe(42);
    expect(await em.count(Photo, {})).toBe(126);
  });
});
