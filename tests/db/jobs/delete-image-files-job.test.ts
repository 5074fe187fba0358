import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJobWorker } from '../../../platform/jobs/job-worker';
import { deleteImageFilesJob } from '../../../db/jobs/delete-image-files.job';
import { createLogger } from '../../../platform/logger';
import type { Storage } from '../../../db/media/storage';
import { deleteAccount } from '../../../db/privacy/account-deletion.service';
import { makeImage, upload } from '../../support/images';
import { createMember } from '../../support/factories';
import { initDataFor } from '../../support/sockets';
import { createTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
const logger = createLogger('silent');
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('image files of a deleted account', () => {
  it('are removed by a job queued in the deletion transaction when storage fails at the time', async () => {
    const id = await createMember(app.db.orm.em.fork(), { age: 16 });
    const { body, status } = await upload(app, initDataFor(id), await makeImage(), { variant: 'media' });
    expect(status, JSON.stringify(body)).toBe(200);
    const imageId = String((body as { id: string }).id);
    const file = path.join(app.storageDir, 'images', imageId);
    expect(existsSync(file)).toBe(true);

    const failing: Storage = { ...app.storage, delete: async () => Promise.reject(new Error('storage down')) };
    await deleteAccount(app.db.orm.em.fork(), { bus: app.bus, storage: failing, logger }, id);
    expect(existsSync(file)).toBe(true);

    const worker = await startJobWorker({
      connectionString: app.db.url,
      logger,
      jobs: [deleteImageFilesJob({ storage: app.storage })],
      pollIntervalMs: 250,
    });
    try {
      await expect.poll(() => existsSync(file), { timeout: 10_000 }).toBe(false);
    } finally {
      await worker.stop();
    }
  });
});
