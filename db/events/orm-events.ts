import { publishModerationItemEvents } from '../moderation/moderation-item-events';
import type { Orm } from '../orm';
import { publishUserChanges } from '../users/user-change-events';
import type { EventBus } from './event-bus';

/**
 * The events derived from ORM flushes ('user.changed', moderation items queued, updated, decided), registered
 * once per ORM and bus by whoever opens the ORM, whatever the process's role: a decision taken in the bot
 * process is heard like one taken in the API.
 */
export function publishOrmEvents(orm: Orm, bus: EventBus): void {
  publishUserChanges(orm, bus);
  publishModerationItemEvents(orm, bus);
}
