import type { Api } from 'grammy';
import type { Logger } from '../../platform/logger';
import type { Orm } from '../../db/orm';

/** What the notification handlers use (in the worker's process). */
export interface NotificationDeps {
  /** An api of its own without auto-retry: the notify job does the retrying. */
  api: Api;
  orm: Orm;
  publicUrl: string;
  logger: Logger;
  /** Whether the user has a socket open now (the API's hub, in this process); absent: nobody is. */
  isOnline?: (userId: number) => boolean;
}
