import { randomUUID } from 'node:crypto';
import type { EventBus } from '../../db/events/event-bus';
import { addJobsInTransaction } from '../../platform/jobs/add-jobs-in-transaction';
import { encodeNotification, NOTIFY_JOB } from './notification-payload';
import { isNotified, withoutContent } from './notified-events';

/**
 * Every event a notification follows becomes one notify job, added in the transaction that commits the event
 * (by the process that commits it, any role; relayed events never get here), so it is queued exactly when the
 * change is; the worker sends. The event gets its id here: the key its job and its deliveries are recorded under.
 */
export function enqueueNotifications(bus: EventBus): () => void {
  return bus.addOutbox(async (tx, events) => {
    const jobs = events.filter(isNotified).map((event) => {
      const id = randomUUID();
      return { jobKey: `notify:${id}`, payload: encodeNotification({ id, attempt: 0, event: withoutContent(event) }) };
    });
    await addJobsInTransaction(tx, NOTIFY_JOB, jobs);
  });
}
