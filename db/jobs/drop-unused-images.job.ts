import type { Logger } from '../../platform/logger';
import { dropUnusedUploads } from '../media/unused-images';
import type { Orm } from '../orm';
import type { JobDefinition } from '../../platform/jobs/job-definition';

export const DROP_UNUSED_IMAGES_JOB = 'drop_unused_images';
// A day: long enough for any upload to be used (an onboarding, an edit, a chat photo) before it counts as unused.
const UNUSED_AFTER_MS = 24 * 3600_000;
const BATCH = 500;

/** Hourly: images nothing refers to a day after their upload go, rows and files (delete-image-files job). */
export function dropUnusedImagesJob(deps: { orm: Orm; logger: Logger }): JobDefinition {
  return {
    name: DROP_UNUSED_IMAGES_JOB,
    cron: '41 * * * *',
    task: async () => {
      const olderThan = new Date(Date.now() - UNUSED_AFTER_MS);
      let total = 0;
      for (;;) {
        const count = await dropUnusedUploads(deps.orm.em.fork(), olderThan, BATCH);
        total += count;
        if (count < BATCH) break;
      }
      if (total > 0) deps.logger.info('unused images deleted', { count: total });
    },
  };
}
