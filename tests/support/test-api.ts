import type { ApiConfig, ApiDeps } from '../../api/app';
import { createRateLimiters } from '../../api/middleware/rate-limits';
import type { ChannelRegistry } from '../../api/realtime/channels';
import { Hub } from '../../api/realtime/hub';
import { startApi, type RunningApi } from '../../api/server';
import { EventBus } from '../../db/events/event-bus';
import { createLogger } from '../../platform/logger';
import { ImageCodec } from '../../db/media/image-codec';
import { ImageScreening } from '../../db/media/screening/screening';
import { TEST_BOT_TOKEN } from './init-data';

/**
 * The API's wiring for tests and load scripts, in one place (the test app, the route list of the security tests,
 * the database-restart test, scripts/chat-load). No vitest and no database of its own here: a child process may use it.
 */

/** The product as the tests run it: initData signed with the test token, no web app, no admins, no release gate. */
function testApiConfig(overrides: Partial<ApiConfig> = {}): ApiConfig {
  return {
    botToken: TEST_BOT_TOKEN,
    initDataMaxAgeS: 86_400,
    adminIds: [],
    releaseAt: null,
    webappDir: null,
    productName: 'Орбита',
    supportHandle: '@orbita_support',
    demo: false,
    ...overrides,
  };
}

export type TestApiOptions = Pick<ApiDeps, 'orm' | 'storage'> &
  Partial<Omit<ApiDeps, 'orm' | 'storage' | 'config'>> & { config?: Partial<ApiConfig> };

/**
 * The API's dependencies, each app its own as the composition root builds them: what is not given is made new (a
 * hub, a bus, rate limits, image encoders, screening off; a silent logger), the config is testApiConfig with the given overrides.
 */
export function testApiDeps({ config, ...given }: TestApiOptions): ApiDeps {
  const logger = given.logger ?? createLogger('silent');
  return {
    ...given,
    logger,
    hub: given.hub ?? new Hub(),
    bus: given.bus ?? new EventBus(logger),
    limits: given.limits ?? createRateLimiters(given.metrics),
    codec: given.codec ?? new ImageCodec(undefined, given.metrics),
    // Screening off unless given (the test app passes one over a classifier double).
    screening: given.screening ?? new ImageScreening(null),
    config: testApiConfig(config),
  };
}

/** startApi over testApiDeps on the loopback interface, on a free port unless one is given. */
export function startTestApi({
  port = 0,
  channels,
  ...options
}: TestApiOptions & { port?: number; channels?: ChannelRegistry }): Promise<RunningApi> {
  return startApi({ ...testApiDeps(options), channels, port, host: '127.0.0.1' });
}
