import { randomUUID } from 'node:crypto';
import type { EventBus } from '../../db/events/event-bus';
import type { JobOutboxDrain } from '../../db/events/job-outbox';
import { encodeNotification, NOTIFY_JOB } from './notification-payload';
import { isNotified, withoutContent } from './notified-events';

/**
 * Every event a notification follows becomes one notify job, written to the job outbox in the transaction that
 * commits the event (by the process that commits it, any role; relayed events never get here), so it is queued
 * exactly when the change is; `drain` moves it into graphile-worker's queue right after the commit, in a batch with
 * the others of that moment, and the worker sends. The event gets its id here: the key its job and its deliveries
 * are recorded under.
 */
export function enqueueNotifications(bus: EventBus, drain: Pick<JobOutboxDrain, 'soon'>): () => void {
  const stopWriting = bus.addOutbox((event) => {
    if (!isNotified(event)) return [];
    const id = randomUUID();
    const payload = JSON.stringify(encodeNotification({ id, attempt: 0, event: withoutContent(event) }));
    return [{ task: NOTIFY_JOB, payload, jobKey: `notify:${id}` }];
  });
  // Published events have committed (and only this process's own are tapped): their rows are there to drain.
  const stopDraining = bus.tap((event) => {
    if (isNotified(event)) drain.soon();
  });
  return () => {
    stopWriting();
    stopDraining();
  };
}
