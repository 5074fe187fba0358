import { pruneDeliveries } from '../notifications/deliveries';
import type { Orm } from '../orm';
import type { JobDefinition } from '../../platform/jobs/job-definition';

// Far longer than a notification job keeps retrying (about an hour), short enough to keep little about anyone.
const KEEP_MS = 2 * 24 * 3600_000;

/** Hourly: the record of sent notifications is only needed while their jobs may still retry. */
export function pruneDeliveriesJob(deps: { orm: Orm }): JobDefinition {
  return {
    name: 'prune_deliveries',
    cron: '17 * * * *',
    task: async () => {
      await pruneDeliveries(deps.orm.em.fork(), KEEP_MS);
    },
  };
}
