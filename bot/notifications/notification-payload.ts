import { z } from 'zod';
import { decodeEvent, encodeEvent } from '../../db/events/event-codec';
import { NOTIFIED_EVENTS, type NotifiedEvent } from './notified-events';

export const NOTIFY_JOB = 'notify';

/** A notify job: the event, its id (the key of its deliveries) and which attempt this is. */
export interface Notification {
  id: string;
  attempt: number;
  event: NotifiedEvent;
}

const envelope = z.object({
  id: z.uuid(),
  attempt: z.number().int().min(0),
  event: z.object({ name: z.enum(NOTIFIED_EVENTS), payload: z.unknown() }),
});

/** As JSON for the job's payload; Dates are tagged so they come back as Dates. */
export function encodeNotification(n: Notification): z.input<typeof envelope> {
  return { id: n.id, attempt: n.attempt, event: JSON.parse(encodeEvent(n.event)) as NotifiedEvent };
}

export function decodeNotification(payload: unknown): Notification {
  const { id, attempt, event } = envelope.parse(payload);
  return { id, attempt, event: decodeEvent(JSON.stringify(event)) as NotifiedEvent };
}
