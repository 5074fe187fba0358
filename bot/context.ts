import type { EventBus } from '../db/events/event-bus';
import type { Logger } from '../platform/logger';
import type { Metrics } from '../platform/metrics/metrics';
import type { Orm } from '../db/orm';

/** What every bot feature may use; built once in main.ts. */
export interface BotDeps {
  token: string;
  apiRoot: string | null;
  publicUrl: string;
  productName: string;
  orm: Orm;
  logger: Logger;
  /** Decisions taken in the bot publish their events here (the same bus as the API's). */
  bus: EventBus;
  /** Bot API calls and errors are counted here by method (none when absent). */
  metrics?: Metrics;
}
