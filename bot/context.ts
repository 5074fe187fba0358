import type { Logger } from '../db/logger';
import type { Orm } from '../db/orm';

/** What every bot feature may use; built once in main.ts. */
export interface BotDeps {
  token: string;
  apiRoot: string | null;
  publicUrl: string;
  productName: string;
  orm: Orm;
  logger: Logger;
}
