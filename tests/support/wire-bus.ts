import { enqueueNotifications } from '../../bot/notifications/enqueue';
import type { EventBus } from '../../db/events/event-bus';
import { publishOrmEvents } from '../../db/events/orm-events';
import type { Orm } from '../../db/orm';

// Light on purpose: the crash child process (crash-after-commit.child.ts) imports it, and tests/support/test-bot.ts
// (which loads the API and the bot) would add seconds to its start.

/**
 * A bus wired as every process wires its own (bot/startup-steps.ts): the ORM's events published on it and, with
 * `enqueue`, each notified event's job added in the transaction that commits the event. Returns the undoing of the latter.
 */
export function wireBus(orm: Orm, bus: EventBus, { enqueue }: { enqueue: boolean }): () => void {
  publishOrmEvents(orm, bus);
  return enqueue ? enqueueNotifications(bus) : () => undefined;
}
