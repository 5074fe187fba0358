import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteImageFilesJob } from '../../../db/jobs/delete-image-files.job';
import { DROP_UNUSED_IMAGES_JOB, dropUnusedImagesJob } from '../../../db/jobs/drop-unused-images.job';
import { createJobQueue, type JobQueue } from '../../../platform/jobs/job-queue';
import { startJobWorker, type JobWorker } from '../../../platform/jobs/job-worker';
import { createLogger } from '../../../platform/logger';
import { apiPost, createPair, rowCount } from '../../support/chats';
import { makeImage, upload } from '../../support/images';
import { createActor, decide, pendingItem } from '../../support/moderation';
import { initDataFor } from '../../support/sockets';
import { createTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
let queue: JobQueue;
let worker: JobWorker;
const logger = createLogger('silent');

beforeAll(async () => {
  app = await createTestApp();
  queue = await createJobQueue(app.db.url, logger);
  const jobs = [dropUnusedImagesJob({ orm: app.db.orm, logger }), deleteImageFilesJob({ storage: app.storage })];
  worker = await startJobWorker({ connectionString: app.db.url, logger, jobs, pollIntervalMs: 250 });
});
afterAll(async () => {
  await worker.stop();
  await queue.close();
  await app.close();
});

async function uploaded(userId: number, variant: 'profile' | 'avatar' | 'media'): Promise<{ id: string; url: string }> {
  const res = await upload(app, initDataFor(userId), await makeImage('jpeg', { width: 200, height: 160 }), { variant });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { id: string; url: string };
}

const masterOf = (id: string) => path.join(app.storageDir, 'images', id, 'master.webp');
const imageRows = (id: string) => rowCount(app, 'SELECT count(*) AS n FROM images WHERE id = ?', [id]);
const sql = (text: string, params: unknown[] = []) => app.db.orm.em.fork().getConnection().execute(text, params);

describe('unused images, a day after their upload', () => {
  it('go (row and files), while every image a profile, pending item, message, report, avatar or sticker refers to stays', async () => {
    const moderator = await createActor(app, 'MODERATOR');
    const { a, b, chatId } = await createPair(app);
    // A profile photo (an approved PHOTOS item) and a queued one (a pending PHOTOS item).
    const profilePhoto = await uploaded(a, 'profile');
    await app.request.patch('/api/profile/my').send({ initData: initDataFor(a), photos: [profilePhoto.url] });
    expect((await decide(app, moderator, { itemId: (await pendingItem(app, a, 'PHOTOS')).id, status: 'APPROVED' })).status).toBe(200);
    const queued = await uploaded(a, 'profile');
    await app.request.patch('/api/profile/my').send({ initData: initDataFor(a), photos: [profilePhoto.url, queued.url] });
    // A chat photo, a reported chat photo whose message is gone, a custom avatar and a sticker's picture.
    const chatPhoto = await uploaded(a, 'media');
    expect((await apiPost(app, a, '/api/messages/send-image', { chatId: String(chatId), imageId: chatPhoto.id })).status).toBe(200);
    const reported = await uploaded(b, 'media');
    const sent = await apiPost(app, b, '/api/messages/send-image', { chatId: String(chatId), imageId: reported.id });
    const report = await apiPost(app, a, '/api/profile/report', {
      reportedUserId: b,
      reason: 'INAPPROPRIATE_CONTENT',
      messageId: sent.body.message.id,
    });
    expect(report.status, JSON.stringify(report.body)).toBe(200);
    await sql('DELETE FROM messages WHERE id = ?', [Number(sent.body.message.id)]);
    const avatar = await uploaded(b, 'avatar');
    expect((await app.request.post('/api/profile/avatar/update').send({ initData: initDataFor(b), photoUrl: avatar.url })).status).toBe(
      200,
    );
    const stickerPicture = await uploaded(b, 'media');
    const [pack] = await sql(`INSERT INTO sticker_packs (name, title, created_at) VALUES (?, 'Тест', now()) RETURNING id`, [
      `pack_${stickerPicture.id}`,
    ]);
    await sql(`INSERT INTO stickers (pack_id, position, image_id, file_unique_id) VALUES (?, 0, ?, 'f1')`, [pack!.id, stickerPicture.id]);
    const unused = [await uploaded(a, 'profile'), await uploaded(b, 'media'), await uploaded(b, 'avatar')];
    const young = await uploaded(a, 'profile');
    const kept = [profilePhoto, queued, chatPhoto, reported, avatar, stickerPicture];
    const old = [...kept, ...unused].map((image) => image.id);
    await sql(`UPDATE images SET created_at = now() - interval '25 hours' WHERE id = ANY(string_to_array(?, ','))`, [old.join(',')]);

    await queue.add(DROP_UNUSED_IMAGES_JOB, {});
    for (const image of unused) {
      await expect.poll(() => existsSync(masterOf(image.id)), { timeout: 15_000 }).toBe(false);
      expect(await imageRows(image.id)).toBe(0);
      expect((await app.request.get(image.url)).status).toBe(404);
    }
    await expect
      .poll(() =>
        rowCount(
          app,
          'SELECT count(*) AS n FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id WHERE t.identifier = ?',
          [DROP_UNUSED_IMAGES_JOB],
        ),
      )
      .toBe(0);
    for (const image of [...kept, young]) {
      expect(await imageRows(image.id), image.url).toBe(1);
      expect(existsSync(masterOf(image.id)), image.url).toBe(true);
    }
    expect((await app.request.get(`${profilePhoto.url}?w=480`)).status).toBe(200);
    expect((await app.request.get(avatar.url)).status).toBe(200);
  }, 60_000);

  it('is scheduled hourly on the queue', async () => {
    await expect
      .poll(() =>
        rowCount(app, 'SELECT count(*) AS n FROM graphile_worker._private_known_crontabs WHERE identifier = ?', [DROP_UNUSED_IMAGES_JOB]),
      )
      .toBe(1);
  });
});
