import { randomUUID } from 'node:crypto';
import type { EventBus } from '../../db/events/event-bus';
import type { JobQueue } from '../../db/jobs/job-queue';
import { encodeNotification, NOTIFY_JOB } from './notification-payload';
import { NOTIFIED_EVENTS, withoutContent, type NotifiedEvent } from './notified-events';

/**
 * Every event a notification follows becomes one notify job, enqueued by the process that published it (any
 * role; no bot needed); the worker sends. The event gets its id here: the key its deliveries are recorded under.
 */
export function enqueueNotifications(bus: EventBus, queue: JobQueue): () => void {
  const offs = NOTIFIED_EVENTS.map((name) =>
    bus.on(
      name,
      async (payload) => {
        const id = randomUUID();
        const event = withoutContent({ name, payload } as NotifiedEvent);
        await queue.add(NOTIFY_JOB, encodeNotification({ id, attempt: 0, event }), { jobKey: `notify:${id}` });
      },
      // A relayed event was enqueued by the process that published it.
      { localOnly: true },
    ),
  );
  return () => offs.forEach((off) => off());
}
