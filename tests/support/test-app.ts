import type Router from '@koa/router';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import supertest from 'supertest';
import type { ApiConfig } from '../../api/app';
import { createRateLimiters, type RateLimiters, type SharedCounts } from '../../api/middleware/rate-limits';
import { ChannelRegistry } from '../../api/realtime/channels';
import { Hub } from '../../api/realtime/hub';
import { EventBus } from '../../db/events/event-bus';
import { publishOrmEvents } from '../../db/events/orm-events';
import type { RunningApi } from '../../api/server';
import { createLogger, type Logger } from '../../platform/logger';
import { ImageCodec } from '../../db/media/image-codec';
import { countDomainEvents } from '../../db/events/event-metrics';
import { createMetrics, NO_METRICS, type Metrics } from '../../platform/metrics/metrics';
import type { Readiness } from '../../api/ops/readiness';
import type { ImageClassifier } from '../../platform/screening/classifier';
import { ImageScreening } from '../../db/media/screening/screening';
import { createLocalDiskStorage } from '../../db/media/local-disk.storage';
import type { Storage } from '../../db/media/storage';
import type { StickerSource } from '../../db/stickers/sticker-source';
import { screeningDouble } from './screening-double';
import { createTestDatabase, type TestDatabase } from './test-database';
import { startTestApi } from './test-api';

export interface TestApp {
  db: TestDatabase;
  api: RunningApi;
  hub: Hub;
  bus: EventBus;
  /** This app's rate limits: its own, as another app's are (two apps in one process count apart). */
  limits: RateLimiters;
  /** Image storage: the one passed in, or the local disk in a temp directory of this app's own, removed on close. */
  storage: Storage;
  /** This app's image encoders (lanes and encoder processes), ended on close. */
  codec: ImageCodec;
  /** This app's screening classifier (the one passed in, or a clean double), closed on close. */
  classifier: ImageClassifier;
  storageDir: string;
  channels: ChannelRegistry;
  /** Routers mounted after the API's routes, as the bot process mounts its webhook. */
  extraRoutes: Router[];
  /** This app's metrics: its own registry when a metricsToken was given, else NO_METRICS. */
  metrics: Metrics;
  request: ReturnType<typeof supertest>;
  /** ws://… base of the running server. */
  wsUrl: string;
  close(): Promise<void>;
}

/** The real API (Koa + ws) on a free port over a database of the test file's own. */
export async function createTestApp(
  overrides: Partial<ApiConfig> & {
    stickerSource?: StickerSource;
    storage?: Storage;
    replicaUrls?: string[];
    /** For the ORM's pool (e.g. a recording Client: tests/support/recorded-statements.ts). */
    driverOptions?: Record<string, unknown>;
    extraRoutes?: Router[];
    logger?: Logger;
    /** Turns metrics on (a registry of this app's own) with GET /metrics behind this bearer token. */
    metricsToken?: string;
    readiness?: Readiness;
    /** Image screening's classifier (issue #27): by default a double answering clean scores for every image. */
    classifier?: ImageClassifier;
    /** Counts the rate limits in Redis (as with REDIS_URL), e.g. shared with another app; in memory when absent. */
    sharedLimits?: SharedCounts;
    /** The face check of profile photos (issue 43), on as in production unless false (AGE_CHECK=off). */
    ageCheck?: boolean;
  } = {},
  setup?: (channels: ChannelRegistry, hub: Hub, db: TestDatabase) => void,
): Promise<TestApp> {
  const {
    stickerSource,
    storage: givenStorage,
    replicaUrls,
    driverOptions,
    extraRoutes = [],
    logger: givenLogger,
    metricsToken,
    readiness,
    classifier = screeningDouble(),
    sharedLimits,
    ageCheck = true,
    ...configOverrides
  } = overrides;
  const logger = givenLogger ?? createLogger((process.env.TEST_LOG_LEVEL as 'error' | undefined) ?? 'silent');
  const db = await createTestDatabase({ replicaUrls, driverOptions });
  const hub = new Hub();
  const bus = new EventBus(givenLogger ?? createLogger('error'));
  const channels = new ChannelRegistry();
  // As the composition root builds them (bot/application.ts): counted only when /metrics may be read.
  const metrics = metricsToken ? createMetrics() : NO_METRICS;
  const limits = createRateLimiters(metrics, sharedLimits);
  const codec = new ImageCodec(undefined, metrics);
  const storageDir = await mkdtemp(path.join(os.tmpdir(), 'storage-test-'));
  const storage = givenStorage ?? createLocalDiskStorage(storageDir);
  // As the composition root does for every role (bot/application.ts).
  publishOrmEvents(db.orm, bus);
  countDomainEvents(bus, metrics);
  const api = await startTestApi({
    orm: db.orm,
    hub,
    bus,
    limits,
    storage,
    codec,
    screening: new ImageScreening(classifier, undefined, undefined, { enabled: ageCheck, logger }),
    channels,
    stickerSource,
    extraRoutes,
    logger,
    // The tests may play a proxy from loopback (X-Forwarded-For), to send as several clients.
    config: { trustProxy: ['127.0.0.1', '::1'], ...configOverrides },
    metrics,
    metricsToken,
    readiness,
  });
  // Test probes registered after the features' channels may replace them.
  setup?.(channels, hub, db);
  return {
    db,
    api,
    hub,
    bus,
    limits,
    storage,
    codec,
    classifier,
    storageDir,
    channels,
    extraRoutes,
    metrics,
    request: supertest(api.server),
    wsUrl: api.url.replace('http', 'ws'),
    close: async () => {
      await api.close();
      codec.close();
      await classifier.close();
      await db.drop();
      // A rendition cached in the background may still be landing; rm retries on ENOTEMPTY.
      await rm(storageDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
    },
  };
}
