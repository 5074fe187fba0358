import { deleteExpiredMessages } from '../chats/auto-delete';
import type { Logger } from '../../platform/logger';
import type { Storage } from '../media/storage';
import type { Orm } from '../orm';
import type { JobDefinition } from '../../platform/jobs/job-definition';

export const AUTO_DELETE_JOB = 'auto_delete';

/** Every 5 minutes, in whichever process runs the worker; the pass is safe to run twice or at once. */
export function autoDeleteJob(deps: { orm: Orm; storage?: Storage; logger: Logger }): JobDefinition {
  return {
    name: AUTO_DELETE_JOB,
    cron: '*/5 * * * *',
    task: async () => {
      const count = await deleteExpiredMessages(deps.orm.em.fork(), { storage: deps.storage });
      if (count > 0) deps.logger.info('auto-deleted messages', { count });
    },
  };
}
