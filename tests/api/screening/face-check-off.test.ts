import { afterAll, describe, expect, it } from 'vitest';
import { FACE_CHECK_MESSAGES, type FaceCheck } from '../../../contracts/face-check';
import { Image } from '../../../db/media/image.entity';
import { createLogger } from '../../../platform/logger';
import { ensurePlaces } from '../../../db/places/ensure-places';
import { submitWithPhotos } from '../../support/face-check';
import { makeImage, upload } from '../../support/images';
import { signInitData, testLaunchUser } from '../../support/init-data';
import { createActor } from '../../support/moderation';
import { ScreeningDouble } from '../../support/screening-double';
import { createTestApp, type TestApp } from '../../support/test-app';

// AGE_CHECK=off and a failing face model (issue 43): a double in the model's place, counting its face checks.
class FaceDouble extends ScreeningDouble {
  faceCalls = 0;
  constructor(private readonly face: () => Promise<FaceCheck>) {
    super();
  }
  checkFace(): Promise<FaceCheck> {
    this.faceCalls++;
    return this.face();
  }
}

const apps: TestApp[] = [];
afterAll(() => Promise.all(apps.map((a) => a.close())));

async function appWith(classifier: FaceDouble, ageCheck: boolean, lines: string[] = []) {
  const logger = createLogger('warn', { destination: { write: (line: string) => lines.push(line) } });
  const app = await createTestApp({ classifier, ageCheck, logger });
  apps.push(app);
  await ensurePlaces(app.db.orm.em.fork());
  return { app, moderator: await createActor(app, 'MODERATOR') };
}

const pictures = async () => [await makeImage('jpeg'), await makeImage('png'), await makeImage('webp')];

describe('the face check switched off or failing', () => {
  it('AGE_CHECK=off computes nothing, keeps nothing and shows nothing', async () => {
    const classifier = new FaceDouble(async () => ({ faces: 1, age: 30, model: 'double' }));
    const { app, moderator } = await appWith(classifier, false);
    const { launch, item } = await submitWithPhotos(app, moderator, await pictures(), 14);
    expect(classifier.faceCalls).toBe(0);
    expect(classifier.calls).toBe(3);
    expect(item.payload.ageCheck ?? null).toBeNull();
    const images = await app.db.orm.em.fork().find(Image, { owner: launch.id });
    expect(images.map((i) => i.faceCheck)).toEqual([null, null, null]);
  });

  it("a failing model is logged, never blocks the upload and shows 'Проверка возраста недоступна'", async () => {
    const lines: string[] = [];
    const classifier = new FaceDouble(() => Promise.reject(new Error('face model broke')));
    const { app, moderator } = await appWith(classifier, true, lines);
    const { item } = await submitWithPhotos(app, moderator, await pictures(), 15);
    expect(classifier.faceCalls).toBe(3);
    expect(item.payload.ageCheck!.lines).toEqual(Array(3).fill(FACE_CHECK_MESSAGES.unavailable));
    expect(item.payload.ageCheck!.flags).toEqual([]);
    expect(lines.filter((l) => l.includes('face check failed') && l.includes('face model broke'))).toHaveLength(3);
  });

  it('tells the uploader nothing of the check', async () => {
    const classifier = new FaceDouble(async () => ({ faces: 1, age: 35, model: 'double' }));
    const { app } = await appWith(classifier, true);
    const res = await upload(app, signInitData(testLaunchUser()), await makeImage('jpeg'), { variant: 'profile' });
    expect(res.status).toBe(200);
    expect(classifier.faceCalls).toBe(1);
    expect(JSON.stringify(res.body)).not.toMatch(/face|"age"|лет|возраст/i);
  });
});
