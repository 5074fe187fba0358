import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteImageFilesJob } from '../../../db/jobs/delete-image-files.job';
import { startJobWorker, type JobWorker } from '../../../platform/jobs/job-worker';
import { createLogger } from '../../../platform/logger';
import { ensurePlaces } from '../../../db/places/ensure-places';
import { apiPost, createPair, rowCount } from '../../support/chats';
import { uploadPhotos } from '../../support/images';
import { createActor, decide, pendingItem, REASON, submittedRegistrant, type Actor } from '../../support/moderation';
import { initDataFor } from '../../support/sockets';
import { createTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
let moderator: Actor;
let worker: JobWorker;
const logger = createLogger('silent');

beforeAll(async () => {
  app = await createTestApp();
  await ensurePlaces(app.db.orm.em.fork());
  moderator = await createActor(app, 'MODERATOR');
  worker = await startJobWorker({
    connectionString: app.db.url,
    logger,
    jobs: [deleteImageFilesJob({ storage: app.storage })],
    pollIntervalMs: 250,
  });
});
afterAll(async () => {
  await worker.stop();
  await app.close();
});

const idOf = (url: string) => url.split('/')[3]!;
const masterOf = (url: string) => path.join(app.storageDir, 'images', idOf(url), 'master.webp');
const rowOf = (url: string) => rowCount(app, 'SELECT count(*) AS n FROM images WHERE id = ?', [idOf(url)]);
const status = async (url: string) => (await app.request.get(`${url}?w=480`)).status;

/** Waits until the image's row and files are gone and /cdn no longer serves it. */
async function expectGone(url: string): Promise<void> {
  expect(await rowOf(url), url).toBe(0);
  await expect.poll(() => existsSync(masterOf(url)), { timeout: 15_000 }).toBe(false);
  expect(await status(url)).toBe(404);
}

async function expectKept(url: string): Promise<void> {
  expect(await rowOf(url), url).toBe(1);
  expect(existsSync(masterOf(url)), url).toBe(true);
  expect(await status(url)).toBe(200);
}

/** A member with three approved profile photos (a PHOTOS item approved by the moderator). */
async function memberWithPhotos(): Promise<{ id: number; photos: string[] }> {
  const { a: id, chatId } = await createPair(app);
  const photos = await uploadPhotos(app, initDataFor(id), 3);
  await app.request.patch('/api/profile/my').send({ initData: initDataFor(id), photos });
  expect((await decide(app, moderator, { itemId: (await pendingItem(app, id, 'PHOTOS')).id, status: 'APPROVED' })).status).toBe(200);
  // The third photo is also in a chat message: it must outlive its place in the profile.
  expect((await apiPost(app, id, '/api/messages/send-image', { chatId: String(chatId), imageId: idOf(photos[2]!) })).status).toBe(200);
  return { id, photos };
}

describe('photos of a decided moderation item', () => {
  it('approved PHOTOS: the replaced photos go (rows, files, /cdn), kept and new ones stay, and one still in a message stays', async () => {
    const { id, photos } = await memberWithPhotos();
    const fresh = await uploadPhotos(app, initDataFor(id), 1);
    await app.request.patch('/api/profile/my').send({ initData: initDataFor(id), photos: [photos[0]!, fresh[0]!] });
    // Queued, not decided: everything still serves.
    for (const url of [...photos, ...fresh]) await expectKept(url);
    expect((await decide(app, moderator, { itemId: (await pendingItem(app, id, 'PHOTOS')).id, status: 'APPROVED' })).status).toBe(200);
    await expectGone(photos[1]!);
    for (const url of [photos[0]!, fresh[0]!, photos[2]!]) await expectKept(url);
  }, 60_000);

  it('rejected PHOTOS: the queued photos go, the profile keeps its own', async () => {
    const { id, photos } = await memberWithPhotos();
    const fresh = await uploadPhotos(app, initDataFor(id), 2);
    await app.request.patch('/api/profile/my').send({ initData: initDataFor(id), photos: [photos[0]!, ...fresh] });
    expect(
      (await decide(app, moderator, { itemId: (await pendingItem(app, id, 'PHOTOS')).id, status: 'REJECTED', reason: REASON })).status,
    ).toBe(200);
    for (const url of fresh) await expectGone(url);
    for (const url of photos) await expectKept(url);
  }, 60_000);

  it('rejected INITIAL: the photos stay, they are still the profile’s for the next submission', async () => {
    const r = await submittedRegistrant(app);
    expect(
      (await decide(app, moderator, { itemId: (await pendingItem(app, r.launch.id, 'INITIAL')).id, status: 'REJECTED', reason: REASON }))
        .status,
    ).toBe(200);
    for (const url of r.photos) await expectKept(url);
  }, 60_000);
});
