import type { DomainEventMap } from '../../db/events/domain-events';
import type { Delivery } from './delivery';
import type { NotifiedEvent, NotifiedEventName } from './notified-events';

type Handler<K extends NotifiedEventName> = (payload: DomainEventMap[K], delivery: Delivery) => Promise<void>;

/** The notification handlers by event (like the EventBus, but run by the notify job with a delivery). */
export class NotificationDispatcher {
  private readonly handlers = new Map<NotifiedEventName, Array<Handler<never>>>();

  on<K extends NotifiedEventName>(name: K, handler: Handler<K>): void {
    this.handlers.set(name, [...(this.handlers.get(name) ?? []), handler as Handler<never>]);
  }

  /** Runs every handler of the event to its end; returns their failures (the job retries the event for them). */
  async dispatch(event: NotifiedEvent, delivery: Delivery): Promise<unknown[]> {
    const handlers = this.handlers.get(event.name) ?? [];
    const results = await Promise.allSettled(
      handlers.map((handler) => (handler as Handler<typeof event.name>)(event.payload as never, delivery)),
    );
    return results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
  }
}
