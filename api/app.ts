import Router from '@koa/router';
import Koa from 'koa';
import { KeyedQueue } from '../db/chats/per-chat-queue';
import type { EventBus } from '../db/events/event-bus';
import type { Logger } from '../platform/logger';
import type { ImageCodec } from '../db/media/image-codec';
import type { ImageScreening } from '../db/media/screening/screening';
import type { Storage } from '../db/media/storage';
import type { Orm } from '../db/orm';
import { NO_METRICS, type Metrics } from '../platform/metrics/metrics';
import { createAuthRouter } from './auth/auth.routes';
import { APP_VERSION } from '../contracts/app-config';
import { AppError, MESSAGES } from '../contracts/errors';
import type { AppState } from './context';
import { authenticatedBody } from './middleware/authenticated-body';
import { bodyParser } from './middleware/body';
import { compressResponses } from './middleware/compress';
import { errorHandler } from './middleware/errors';
import { securityHeaders } from './middleware/security-headers';
import { requestContext } from './middleware/request-context';
import { requestLogging } from './middleware/request-id';
import type { RateLimiters } from './middleware/rate-limits';
import { telegramAuth, type AuthConfig } from './middleware/telegram-auth';
import type { StickerSource } from '../db/stickers/sticker-source';
import { createChatRouter } from './chat/chat.routes';
import { createMessagesRouter } from './chat/messages.routes';
import { createLikesRouter } from './likes/likes.routes';
import { createExploreRouter } from './explore/explore.routes';
import { createSearchSettingsRouter } from './explore/search-settings.routes';
import { createStickersRouter } from './stickers/stickers.routes';
import { createCdnRouter } from './media/cdn.routes';
import { createUploadRouter } from './media/upload.routes';
import { createPlacesRouter } from './places/places.routes';
import { createAvatarRouter } from './profile/avatar.routes';
import { createMyProfileRouter } from './profile/my-profile.routes';
import { createProfileRouter } from './profile/profile.routes';
import { createOnboardingRouter } from './onboarding/onboarding.routes';
import { createProfileViewRouter } from './profile/profile-view.routes';
import { createReportsRouter } from './reports/reports.routes';
import { createPrivacyRouter } from './privacy/privacy.routes';
import { createNotificationSettingsRouter } from './privacy/notification-settings.routes';
import { createModerationRouter } from './moderation/moderation.routes';
import { createModerationReportsRouter } from './moderation/reports.routes';
import { createEvidenceRouter } from './moderation/evidence.routes';
import { evidenceUrls } from './moderation/evidence-urls';
import { createUsersRouter } from './users/users.routes';
import { createUserAdminRouter } from './admin/user-admin.routes';
import { createStatsRouter } from './admin/stats.routes';
import { createDbBrowserRouter } from './admin/db-browser.routes';
import type { Hub } from './realtime/hub';
import { serveWebapp } from './static';
import { createOpsRouter } from './ops/ops.routes';
import { createReadiness, type Readiness } from './ops/readiness';
import { databaseReady } from './ops/readiness-checks';

export interface ApiConfig extends AuthConfig {
  releaseAt: Date | null;
  /** Directory of the built mini app; null when it is served elsewhere (tests). */
  webappDir: string | null;
  productName: string;
  supportHandle: string;
  /** CHANNEL_HANDLE: offered on the waiting-for-review screen; null or absent: no button. */
  channelHandle?: string | null;
  demo: boolean;
  /** Public origin (PUBLIC_URL); absolute photo URLs must be on its host or the request's. */
  publicUrl?: string;
  /** Whether PUBLIC_URL was set (not defaulted): only then are socket origins checked outside demo mode. */
  publicUrlConfigured?: boolean;
  /** S3 storage; its public URL (S3_PUBLIC_URL) serves images the page must be allowed to show. */
  s3?: { publicUrl: string | null } | null;
}

export interface ApiDeps {
  orm: Orm;
  config: ApiConfig;
  logger: Logger;
  hub: Hub;
  bus: EventBus;
  /** This app's rate limits (createRateLimiters), shared with its sockets; another app gets its own. */
  limits: RateLimiters;
  /** Image files (uploads, renditions). */
  storage: Storage;
  /** Encodes uploads and renditions (one per process, from the composition root). */
  codec: ImageCodec;
  /** Screens uploaded images (issue #27; one per process, from the composition root; off: never classifies). */
  screening: ImageScreening;
  /** Sticker sets for POST /api/stickers/import (the bot's Bot API); without it imports answer 503. */
  stickerSource?: StickerSource;
  /** Chat sends of this app, one at a time per chat (startApi shares it with the socket's sends); a new one if absent. */
  chatSends?: KeyedQueue<number>;
  /** Routers outside /api mounted before the mini app (the bot's webhook, the demo launcher). */
  extraRoutes?: readonly Router[];
  /** This app's metrics (createMetrics, from the composition root); none counted when absent. */
  metrics?: Metrics;
  /** METRICS_TOKEN: GET /metrics needs it as a bearer token; absent or null: /metrics is 404. */
  metricsToken?: string | null;
  /** What GET /readyz checks (the composition root's, by role); the database alone when absent. */
  readiness?: Readiness;
}

const BANNED_MAY_CALL = ['/api/telegram/validate', '/api/profile/me'];
/** Before the release moment: what the mini app calls to show the countdown (webapp/app/startup/run-startup.ts). */
const HELD_MAY_CALL = ['/api/telegram/validate', '/api/profile/me', '/api/profile/status'];
/** Another spelling of /api/: the routers are case-sensitive, so it is authenticated like /api/, then not found. */
const OTHER_API_SPELLING = /^\/api\//i;
const notFound = () => Promise.reject(new AppError('NOT_FOUND', MESSAGES.notFound));

/** /healthz, /readyz, /metrics: outside /api, no initData and no rate limit (api/ops/ops.routes.ts). */
function opsRouter(deps: ApiDeps, metrics: Metrics): Router {
  const readiness = deps.readiness ?? createReadiness({ database: databaseReady(deps.orm) }, deps.logger);
  return createOpsRouter({ readiness, metrics, metricsToken: deps.metricsToken ?? null });
}

/** The mini app with its public configuration (window.__APP_CONFIG__). */
function webappRoute(config: ApiConfig, dir: string): Koa.Middleware {
  const { productName, supportHandle, releaseAt, demo } = config;
  const channelHandle = config.channelHandle ?? null;
  const imageOrigins = config.s3?.publicUrl ? [config.s3.publicUrl] : [];
  const publicConfig = {
    productName,
    supportHandle,
    channelHandle,
    demo,
    version: APP_VERSION,
    releaseAt: releaseAt?.toISOString() ?? null,
  };
  return serveWebapp(dir, publicConfig, { demo, imageOrigins });
}

export function createApp(deps: ApiDeps): Koa<AppState> {
  const app = new Koa<AppState>();
  const metrics = deps.metrics ?? NO_METRICS;
  const routes = createRouteTable(deps, metrics);
  // Forwarded host and protocol are believed only when a proxy is configured (TRUST_PROXY).
  app.proxy = (deps.config.trustProxy?.length ?? 0) > 0;
  // Outermost: it compresses whatever answer the rest produced, errors included.
  app.use(compressResponses());
  app.use(securityHeaders());
  app.use(requestContext(deps.orm));
  // Also counts each answer in the metrics (when on).
  app.use(requestLogging(deps.logger, metrics));
  app.use(errorHandler(deps.logger));
  app.use(routes.ops.routes());

  // Every /api call, matched or not, is authenticated first (an upload before its body is read).
  const guard = authenticatedBody(
    telegramAuth(deps.config, {
      bus: deps.bus,
      initDataFailures: deps.limits.initDataFailures,
      bannedMayCall: BANNED_MAY_CALL,
      heldMayCall: HELD_MAY_CALL,
    }),
    bodyParser(),
  );
  app.use((ctx, next) => {
    if (ctx.path.startsWith('/api/')) return guard(ctx, next);
    return OTHER_API_SPELLING.test(ctx.path) ? guard(ctx, notFound) : next();
  });

  // No allowedMethods(): a route that matched has its method, and an unmatched call ends as 404 anyway.
  app.use(routes.api.routes());
  for (const router of routes.outside) app.use(router.routes());
  if (deps.config.webappDir) app.use(webappRoute(deps.config, deps.config.webappDir));
  return app;
}

/** The routers createApp mounts: its route table (tests list every route from it, see routersOf). */
export interface RouteTable {
  /** /healthz, /readyz, /metrics: before the /api guard. */
  ops: Router;
  /** /api/…: one @koa/router tree, a nested router per feature. */
  api: Router<AppState>;
  /** Public images, then the extra routers (the webhook, the demo launcher), after /api. */
  outside: readonly Router[];
}

/** The routers of one app; createApp builds its own, a test builds another from the same deps to list routes. */
export function createRouteTable(deps: ApiDeps, metrics: Metrics): RouteTable {
  const { storage, codec, screening, config, limits } = deps;
  const evidence = evidenceUrls(config.botToken);
  // Each feature's router (paths without /api), nested in the /api router; case-sensitive, like the features' own.
  const features: readonly Router<AppState>[] = [
    createAuthRouter(),
    createProfileRouter({ releaseAt: config.releaseAt, orm: deps.orm }),
    createOnboardingRouter(config),
    createMyProfileRouter(config),
    createAvatarRouter({ storage, publicUrl: config.publicUrl }),
    createPlacesRouter(),
    createUploadRouter({ storage, codec, screening, limits, metrics, bus: deps.bus }),
    createLikesRouter(),
    createExploreRouter({ limits, metrics }),
    createSearchSettingsRouter(),
    createChatRouter({ hub: deps.hub, bus: deps.bus }),
    createMessagesRouter({ hub: deps.hub, bus: deps.bus, limits, sends: deps.chatSends ?? new KeyedQueue() }),
    createStickersRouter({ storage, screening, stickerSource: deps.stickerSource, limits }),
    createModerationRouter({ bus: deps.bus }),
    createModerationReportsRouter({ bus: deps.bus, evidence, storage }),
    createUsersRouter(),
    createUserAdminRouter({ bus: deps.bus, hub: deps.hub, storage, logger: deps.logger, publicUrl: config.publicUrl }),
    createStatsRouter(),
    createDbBrowserRouter(),
    createProfileViewRouter({ limits }),
    createReportsRouter({ bus: deps.bus, limits }),
    createPrivacyRouter({ bus: deps.bus, hub: deps.hub, storage, logger: deps.logger, limits }),
    createNotificationSettingsRouter(),
  ];
  const api = new Router<AppState>({ prefix: '/api', sensitive: true });
  for (const feature of features) api.use(feature.routes());
  return {
    ops: opsRouter(deps, metrics),
    api,
    // Public images, outside /api and without initData.
    outside: [
      createCdnRouter({ storage, codec, limits, trustProxy: deps.config.trustProxy }),
      createEvidenceRouter({ storage, urls: evidence }),
      ...(deps.extraRoutes ?? []),
    ],
  };
}

/** Every router of a route table, in the order the app tries them. */
export function routersOf(table: RouteTable): readonly Router[] {
  return [table.ops, table.api, ...table.outside];
}
