import { defineEntity, type InferEntity } from '@mikro-orm/core';

/**
 * A job committed with the change that calls for it and not yet handed to graphile-worker (issue 42): written in the
 * change's own transaction, a plain insert, and moved into the queue in batches (db/events/job-outbox.ts), one
 * graphile_worker.add_jobs per batch instead of one add_job per change.
 */
export const JobOutboxEntry = defineEntity({
  name: 'JobOutboxEntry',
  tableName: 'job_outbox',
  properties: (p) => ({
    id: p.bigint('number').primary().autoincrement(),
    /** graphile-worker's task identifier. */
    task: p.text(),
    payload: p.json<unknown>(),
    /** One job per key (graphile-worker replaces a waiting job of the same key). */
    jobKey: p.text().nullable(),
  }),
});

export type JobOutboxEntry = InferEntity<typeof JobOutboxEntry>;
