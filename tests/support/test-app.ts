import supertest from 'supertest';
import type { ApiConfig } from '../../api/app';
import { ChannelRegistry } from '../../api/realtime/channels';
import { Hub } from '../../api/realtime/hub';
import { startApi, type RunningApi } from '../../api/server';
import { createLogger } from '../../db/logger';
import { createTestDatabase, type TestDatabase } from './test-database';
import { TEST_BOT_TOKEN } from './init-data';

export interface TestApp {
  db: TestDatabase;
  api: RunningApi;
  hub: Hub;
  channels: ChannelRegistry;
  request: ReturnType<typeof supertest>;
  /** ws://… base of the running server. */
  wsUrl: string;
  close(): Promise<void>;
}

/** The real API (Koa + ws) on a free port over a database of the test file's own. */
export async function createTestApp(overrides: Partial<ApiConfig> = {}, setup?: (channels: ChannelRegistry, hub: Hub, db: TestDatabase) => void): Promise<TestApp> {
  const db = await createTestDatabase();
  const hub = new Hub();
  const channels = new ChannelRegistry();
  setup?.(channels, hub, db);
  const config: ApiConfig = { botToken: TEST_BOT_TOKEN, initDataMaxAgeS: 86_400, adminIds: [], releaseAt: null, webappDir: null, productName: 'Орбита', supportHandle: '@orbita_support', demo: false, ...overrides };
  const api = await startApi({ orm: db.orm, hub, channels, logger: createLogger('silent'), port: 0, host: '127.0.0.1', config });
  return {
    db,
    api,
    hub,
    channels,
    request: supertest(api.server),
    wsUrl: api.url.replace('http', 'ws'),
    close: async () => {
      await api.close();
      await db.drop();
    },
  };
}
