import { enqueueNotifications } from '../../bot/notifications/enqueue';
import type { EventBus } from '../../db/events/event-bus';
import { JobOutboxDrain } from '../../db/events/job-outbox';
import { publishOrmEvents } from '../../db/events/orm-events';
import { sqlOf } from '../../db/kysely';
import { createLogger } from '../../platform/logger';
import type { Orm } from '../../db/orm';

// Light on purpose: the crash child process (crash-after-commit.child.ts) imports it, and tests/support/test-bot.ts
// (which loads the API and the bot) would add seconds to its start.

/**
 * A bus wired as every process wires its own (bot/startup-steps.ts): the ORM's events published on it and, with
 * `enqueue`, each notified event's job written to the outbox in the transaction that commits the event and drained
 * into the queue (swept every half second here: a test waits little for another process's rows). Returns the undoing
 * of the latter.
 */
export function wireBus(orm: Orm, bus: EventBus, { enqueue }: { enqueue: boolean }): () => void {
  publishOrmEvents(orm, bus);
  if (!enqueue) return () => undefined;
  const drain = new JobOutboxDrain({ db: () => sqlOf(orm.em.fork()), logger: createLogger('silent'), sweepMs: 500 });
  const stop = enqueueNotifications(bus, drain);
  return () => {
    stop();
    void drain.stop();
  };
}
