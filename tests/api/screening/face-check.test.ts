import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FACE_CHECK_MESSAGES } from '../../../contracts/face-check';
import { Image } from '../../../db/media/image.entity';
import { NsfwClassifier } from '../../../platform/screening/nsfw-classifier';
import { ensurePlaces } from '../../../db/places/ensure-places';
import { faceSample, submitWithPhotos } from '../../support/face-check';
import { makeImage } from '../../support/images';
import { createActor, type Actor } from '../../support/moderation';
import { tmaHeader } from '../../support/init-data';
import { screeningStatsSchema } from '../../../contracts/admin';
import { createTestApp, type TestApp } from '../../support/test-app';

// Issue 43 with the real models (nsfwjs and face-api in the screening process): what a moderator's card shows.
let app: TestApp;
let moderator: Actor;
let admin: Actor;
beforeAll(async () => {
  app = await createTestApp({ classifier: new NsfwClassifier() });
  await ensurePlaces(app.db.orm.em.fork());
  moderator = await createActor(app, 'MODERATOR');
  admin = await createActor(app, 'ADMIN');
}, 120_000);
afterAll(() => app?.close());

describe('the face check on the moderation card', () => {
  it("shows each photo's line beside the stated age and flags an adult's face stated as 14", { timeout: 180_000 }, async () => {
    const { item } = await submitWithPhotos(app, moderator, [await faceSample(1), await makeImage('jpeg'), await faceSample(2)], 14);
    const check = item.payload.ageCheck!;
    expect(check.statedAge).toBe(14);
    expect(check.lines).toHaveLength(3);
    expect(check.lines[0]).toMatch(/^На вид около \d+ (лет|года)$/);
    expect(check.lines[1]).toBe(FACE_CHECK_MESSAGES.noFace);
    expect(check.lines[2]).toMatch(/^На вид около \d+ (лет|года)$/);
    expect(check.flags).toEqual([FACE_CHECK_MESSAGES.checkAge]);
    // The check never decides: the item waits for a human.
    expect(item.status).toBe('PENDING');
  });

  it(
    "flags 'Нет лица на главном фото' when the first photo has none, and keeps nothing of a face but the numbers",
    { timeout: 180_000 },
    async () => {
      const { launch, item } = await submitWithPhotos(
        app,
        moderator,
        [await makeImage('jpeg'), await faceSample(4), await makeImage('png')],
        18,
      );
      expect(item.payload.ageCheck!.flags).toContain(FACE_CHECK_MESSAGES.noFaceOnMain);
      const images = await app.db.orm.em.fork().find(Image, { owner: launch.id });
      for (const image of images) expect(Object.keys(image.faceCheck!).sort()).toEqual(['age', 'faces', 'model']);
    },
  );
});

describe('the face check in the admin statistics', () => {
  const today = async () => {
    const res = await app.request.get('/api/stats/screening').set(tmaHeader(admin.initData)).query({ days: 2 });
    expect(res.status).toBe(200);
    const days = screeningStatsSchema.parse(res.body).screening;
    expect(days).toHaveLength(2);
    return days.at(-1)!.ageFlagged;
  };

  it(
    "counts today's flagged new profiles beside the screening counts, and not one whose face matches the stated age",
    { timeout: 180_000 },
    async () => {
      const before = await today();
      const { item: adult } = await submitWithPhotos(app, moderator, [await faceSample(1), await faceSample(5), await faceSample(6)], 19);
      expect(adult.payload.ageCheck!.flags).toEqual([]);
      expect(await today()).toBe(before);
      const { item: flagged } = await submitWithPhotos(
        app,
        moderator,
        [await faceSample(3), await makeImage('jpeg'), await makeImage('png')],
        13,
      );
      expect(flagged.payload.ageCheck!.flags).toEqual([FACE_CHECK_MESSAGES.checkAge]);
      expect(await today()).toBe(before + 1);
      const { item: faceless } = await submitWithPhotos(
        app,
        moderator,
        [await makeImage('webp'), await makeImage('jpeg'), await makeImage('png')],
        16,
      );
      expect(faceless.payload.ageCheck!.flags).toEqual([FACE_CHECK_MESSAGES.noFaceOnMain]);
      expect(await today()).toBe(before + 2);
    },
  );
});
