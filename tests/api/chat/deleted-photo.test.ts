import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportsResponseSchema } from '../../../contracts/moderation-reports';
import { deleteImageFilesJob } from '../../../db/jobs/delete-image-files.job';
import { startJobWorker, type JobWorker } from '../../../platform/jobs/job-worker';
import { createLogger } from '../../../platform/logger';
import { apiPost, createPair, messagesSocket, rowCount } from '../../support/chats';
import { FinishedJobs } from '../../support/finished-jobs';
import { fetchBytes, makeImage, upload } from '../../support/images';
import { tmaHeader } from '../../support/init-data';
import { createActor, type Actor } from '../../support/moderation';
import { ask, initDataFor } from '../../support/sockets';
import { createTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
let moderator: Actor;
let worker: JobWorker;
const removals = new FinishedJobs();
beforeAll(async () => {
  app = await createTestApp();
  moderator = await createActor(app, 'MODERATOR');
  const logger = createLogger('silent');
  const jobs = [removals.track(deleteImageFilesJob({ storage: app.storage }))];
  worker = await startJobWorker({ connectionString: app.db.url, logger, jobs, pollIntervalMs: 250 });
});
afterAll(async () => {
  await worker.stop();
  await app.close();
});

/** A chat photo `from` sends in the pair's chat: its image id, URL and message id. */
async function sendPhoto(from: number, chatId: number) {
  const up = await upload(app, initDataFor(from), await makeImage('jpeg', { width: 300, height: 200 }), { variant: 'media' });
  expect(up.status, JSON.stringify(up.body)).toBe(200);
  const sent = await apiPost(app, from, '/api/messages/send-image', { chatId: String(chatId), imageId: up.body.id });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  return { imageId: up.body.id as string, url: up.body.url as string, messageId: sent.body.message.id as string };
}

async function deleteMessage(userId: number, chatId: number, messageId: string) {
  const socket = await messagesSocket(app, userId);
  expect(await ask(socket, 'messages', 'delete', { chatId: String(chatId), messageId })).toMatchObject({ t: 'deleted' });
  await socket.close();
}

const imageRows = (id: string) => rowCount(app, 'SELECT count(*) AS n FROM images WHERE id = ?', [id]);
const status = async (url: string) => (await app.request.get(url)).status;
const reportsAs = async (initData: string) =>
  app.request.get('/api/moderation/reports').set(tmaHeader(initData)).query({ type: 'MESSAGE' });

// AMENDMENTS §5.5: deleted means gone.
describe('a chat photo its sender deleted', () => {
  it('stops being served at once, in every rendition, and its image is deleted', async () => {
    const { a, chatId } = await createPair(app);
    const photo = await sendPhoto(a, chatId);
    expect(await status(`${photo.url}?w=360`)).toBe(200);
    await deleteMessage(a, chatId, photo.messageId);
    for (const url of [photo.url, `${photo.url}?w=360`, `${photo.url}?f=jpeg`]) expect(await status(url), url).toBe(404);
    expect(await imageRows(photo.imageId)).toBe(0);
    expect(await app.storage.exists(`images/${photo.imageId}/master.webp`)).toBe(false);
  });

  it('is kept for staff only while an open report holds it, through the moderation screen, and deleted once decided', async () => {
    const { a, b, chatId } = await createPair(app);
    const photo = await sendPhoto(b, chatId);
    const reported = await apiPost(app, a, '/api/profile/report', { reportedUserId: b, reason: 'SPAM', messageId: photo.messageId });
    expect(reported.status, JSON.stringify(reported.body)).toBe(200);
    await deleteMessage(b, chatId, photo.messageId);

    expect(await status(photo.url)).toBe(404);
    expect(await status(`${photo.url}?f=jpeg`)).toBe(404);
    const listed = reportsResponseSchema.parse((await reportsAs(moderator.initData)).body);
    const report = listed.reports.find((r) => r.reportedUser.telegramId === b)!;
    const shown = report.messages.find((m) => m.isReported)!;
    expect(shown.photoUrl).toMatch(/^\/cdn\/evidence\/\d+\?exp=\d+&sig=[\w-]+$/);
    const evidence = await app.request.get(shown.photoUrl!);
    expect(evidence.status).toBe(200);
    expect(evidence.headers['content-type']).toBe('image/webp');
    expect(evidence.headers['cache-control']).toBe('private, no-store');
    expect((await fetchBytes(app, shown.photoUrl!)).length).toBeGreaterThan(100);
    // Not for anyone else: members get no link, and a forged or reused-for-another-report link is not found.
    expect((await reportsAs(initDataFor(a))).status).toBe(403);
    expect(await status(shown.photoUrl!.replace(/sig=[\w-]+/, 'sig=forged'))).toBe(404);
    expect(await status(shown.photoUrl!.replace(/evidence\/\d+/, `evidence/${report.id + 1}`))).toBe(404);

    const decided = await app.request
      .post('/api/moderation/report/action')
      .set(tmaHeader(moderator.initData))
      .send({ reportId: report.id, action: 'REJECT' });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    expect(await status(shown.photoUrl!)).toBe(404);
    expect(await imageRows(photo.imageId)).toBe(0);
    await removals.waitFor((p) => (p as { imageId?: string }).imageId === photo.imageId);
    expect(await app.storage.exists(`images/${photo.imageId}/master.webp`)).toBe(false);
    const left = await app.db.orm.em.fork().getConnection().execute('SELECT context FROM reports WHERE id = ?', [report.id]);
    const key = (left[0]!.context as { evidenceKey: string }).evidenceKey;
    expect(key).toMatch(new RegExp(`^evidence/${photo.imageId}/[0-9a-f]{32}\\.webp$`));
    expect(await app.storage.exists(key)).toBe(false);
  });

  it('a photo a moderator removes with its reported message stops being served at once and is deleted', async () => {
    const { a, b, chatId } = await createPair(app);
    const photo = await sendPhoto(b, chatId);
    const reported = await apiPost(app, a, '/api/profile/report', { reportedUserId: b, reason: 'SPAM', messageId: photo.messageId });
    expect(reported.status, JSON.stringify(reported.body)).toBe(200);
    const listed = reportsResponseSchema.parse((await reportsAs(moderator.initData)).body);
    const report = listed.reports.find((r) => r.reportedUser.telegramId === b)!;
    expect(report.messages.find((m) => m.isReported)!.photoUrl).toBe(photo.url);

    const decided = await app.request
      .post('/api/moderation/report/action')
      .set(tmaHeader(moderator.initData))
      .send({ reportId: report.id, action: 'REMOVE_MESSAGE' });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    expect(await status(photo.url)).toBe(404);
    expect(await imageRows(photo.imageId)).toBe(0);
  });
});
