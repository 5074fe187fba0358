import type { EntityManager } from '@mikro-orm/postgresql';
import type { ParameterizedContext } from 'koa';
import type { Logger } from '../platform/logger';
import type { SessionUser } from '../db/users/session-user';
import type { LaunchUser } from '../contracts/user';

export interface VerifiedLaunch {
  user: LaunchUser;
  authDate: number;
  startParam: string | null;
  raw: string;
}

/** What every request carries in ctx.state once the middleware has run. */
export interface AppState {
  em: EntityManager;
  /** The caller's users row (telegramAuth's cache may share it between calls): load the entity to change it. */
  user: SessionUser;
  launch: VerifiedLaunch;
  /** This request's id (X-Request-Id, see requestLogging) and the logger whose lines carry it. */
  requestId: string;
  log: Logger;
}

export type AppContext = ParameterizedContext<AppState>;
