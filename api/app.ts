import Router from '@koa/router';
import Koa from 'koa';
import compose from 'koa-compose';
import type { Logger } from '../db/logger';
import type { Orm } from '../db/orm';
import { createAuthRouter } from './auth/auth.routes';
import { APP_VERSION } from './contracts/app-config';
import type { AppState } from './context';
import { bodyParser } from './middleware/body';
import { errorHandler } from './middleware/errors';
import { requestContext } from './middleware/request-context';
import { rejectBanned, telegramAuth, type AuthConfig } from './middleware/telegram-auth';
import { createProfileRouter } from './profile/profile.routes';
import type { Hub } from './realtime/hub';
import { serveWebapp } from './static';

export interface ApiConfig extends AuthConfig {
  releaseAt: Date | null;
  /** Directory of the built mini app; null when it is served elsewhere (tests). */
  webappDir: string | null;
  productName: string;
  supportHandle: string;
  demo: boolean;
}

export interface ApiDeps {
  orm: Orm;
  config: ApiConfig;
  logger: Logger;
  hub: Hub;
  /** Routes outside /api mounted before the mini app (the demo launcher). */
  extraRoutes?: Koa.Middleware[];
}

const BANNED_MAY_CALL = ['/api/telegram/validate', '/api/profile/me'];

export function createApp(deps: ApiDeps): Koa<AppState> {
  const app = new Koa<AppState>();
  app.proxy = true;
  app.use(errorHandler(deps.logger));
  app.use(requestContext(deps.orm));

  // Every /api call, matched or not, is authenticated first.
  const guard = compose([bodyParser(), telegramAuth(deps.config), rejectBanned(BANNED_MAY_CALL)]);
  app.use((ctx, next) => (ctx.path.startsWith('/api/') ? guard(ctx, next) : next()));

  const api = new Router<AppState>({ prefix: '/api' });
  for (const router of [createAuthRouter(), createProfileRouter(deps.config)]) {
    api.use(router.routes(), router.allowedMethods());
  }
  app.use(api.routes());
  for (const middleware of deps.extraRoutes ?? []) app.use(middleware);
  if (deps.config.webappDir) {
    const { productName, supportHandle, releaseAt, demo } = deps.config;
    app.use(serveWebapp(deps.config.webappDir, { productName, supportHandle, demo, version: APP_VERSION, releaseAt: releaseAt?.toISOString() ?? null }));
  }
  return app;
}
