import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { expect } from 'vitest';
import { moderationItemsResponseSchema } from '../../contracts/moderation';
import { upload } from './images';
import { signInitData, testLaunchUser } from './init-data';
import { listItems, type Actor } from './moderation';
import { dmyForAge, validBase } from './onboarding';
import type { TestApp } from './test-app';

const require = createRequire(import.meta.url);
const demoDir = path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo');

/** One of the photos @vladmandic/face-api ships as its demo (sample1–6.jpg: adults, 1 to 5 faces each). */
export const faceSample = (n: 1 | 2 | 3 | 4 | 5 | 6): Promise<Buffer> => readFile(path.join(demoDir, `sample${n}.jpg`));

/** A registrant whose photos are `pictures`, submitted with `age` as the stated age; answers the moderation card. */
export async function submitWithPhotos(target: TestApp, staff: Actor, pictures: Buffer[], age: number) {
  const launch = testLaunchUser();
  const initData = signInitData(launch);
  const photos: string[] = [];
  for (const picture of pictures) {
    const res = await upload(target, initData, picture, { variant: 'profile' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    photos.push(res.body.url as string);
  }
  const submitted = await target.request
    .post('/api/profile/submit-base')
    .send(validBase({ launch, initData, photos }, { birthDate: dmyForAge(age) }));
  expect(submitted.status).toBe(200);
  const res = await listItems(target, staff, { type: 'INITIAL', userId: launch.id });
  return { launch, item: moderationItemsResponseSchema.parse(res.body).items[0]! };
}
