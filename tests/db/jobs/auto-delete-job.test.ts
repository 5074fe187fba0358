import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postMessage } from '../../../db/chats/messages.service';
import { AUTO_DELETE_JOB, autoDeleteJob } from '../../../db/jobs/auto-delete.job';
import { createJobQueue, type JobQueue } from '../../../platform/jobs/job-queue';
import { startJobWorker, type JobWorker } from '../../../platform/jobs/job-worker';
import { createLogger } from '../../../platform/logger';
import { createPair, rowCount } from '../../support/chats';
import { createTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
let queue: JobQueue;
let worker: JobWorker;
const logger = createLogger('silent');
beforeAll(async () => {
  app = await createTestApp();
  queue = await createJobQueue(app.db.url, logger);
  worker = await startJobWorker({
    connectionString: app.db.url,
    logger,
    jobs: [autoDeleteJob({ orm: app.db.orm, storage: app.storage, logger })],
    pollIntervalMs: 250,
  });
});
afterAll(async () => {
  await worker.stop();
  await queue.close();
  await app.close();
});

describe('auto-delete as a job', () => {
  it('is scheduled every 5 minutes on the queue and deletes expired messages when it runs', async () => {
    await expect
      .poll(() =>
        rowCount(app, `SELECT count(*) AS n FROM graphile_worker._private_known_crontabs WHERE identifier = ?`, [AUTO_DELETE_JOB]),
      )
      .toBe(1);
    const { a, chatId } = await createPair(app);
    const old = new Date(Date.now() - 400 * 86_400_000);
    await postMessage(app.db.orm.em.fork(), app.bus, {
      chatId,
      senderId: a,
      clientId: 'old',
      content: { type: 'TEXT', text: 'давно' },
      now: old,
    });
    await postMessage(app.db.orm.em.fork(), app.bus, { chatId, senderId: a, clientId: 'new', content: { type: 'TEXT', text: 'сейчас' } });
    // Twice at once, as two processes might: the pass is safe to repeat.
    await Promise.all([queue.add(AUTO_DELETE_JOB, {}), queue.add(AUTO_DELETE_JOB, {})]);
    await expect.poll(() => rowCount(app, 'SELECT count(*) AS n FROM messages WHERE chat_id = ?', [chatId]), { timeout: 5000 }).toBe(1);
    await expect
      .poll(() =>
        rowCount(
          app,
          'SELECT count(*) AS n FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id WHERE t.identifier = ?',
          [AUTO_DELETE_JOB],
        ),
      )
      .toBe(0);
  });
});
