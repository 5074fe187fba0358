import type { DomainEvent, DomainEventName } from '../../db/events/domain-events';

/** The domain events that something is told about through the bot; each becomes one notify job. */
export const NOTIFIED_EVENTS = [
  'like.created',
  'match.created',
  'message.created',
  'moderation.item_created',
  'moderation.item_updated',
  'moderation.decided',
  'report.created',
  'report.decided',
  'user.banned',
  'user.unbanned',
  'user.role_changed',
  'account.deleted',
] as const satisfies readonly DomainEventName[];

export type NotifiedEventName = (typeof NOTIFIED_EVENTS)[number];
export type NotifiedEvent = Extract<DomainEvent, { name: NotifiedEventName }>;

const notified = new Set<DomainEventName>(NOTIFIED_EVENTS);
export const isNotified = (event: DomainEvent): event is NotifiedEvent => notified.has(event.name);

/** What a queued job keeps of the event: never what someone wrote (the note does not show it). */
export function withoutContent(event: NotifiedEvent): NotifiedEvent {
  if (event.name !== 'message.created') return event;
  const message = { ...event.payload.message, text: null, photoImageId: null, stickerId: null, stickerImageId: null };
  return { name: event.name, payload: { ...event.payload, message } };
}
