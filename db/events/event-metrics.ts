import type { Metrics } from '../../platform/metrics/metrics';
import type { EventBus } from './event-bus';

/** Counts what this process's domain events tell (chat messages stored); returns the function that stops it. */
export function countDomainEvents(bus: EventBus, metrics: Metrics): () => void {
  if (!metrics.registry) return () => undefined;
  return bus.tap((event) => {
    if (event.name === 'message.created') metrics.chatMessageStored(event.payload.message.type);
  });
}
