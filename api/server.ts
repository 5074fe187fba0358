import { createServer, type Server } from 'node:http';
import { KeyedQueue } from '../db/chats/per-chat-queue';
import { NO_METRICS } from '../platform/metrics/metrics';
import { evictedUserCache } from '../db/users/user-cache-eviction';
import { createApp, type ApiDeps } from './app';
import { ChannelRegistry } from './realtime/channels';
import { registerFeatureChannels } from './realtime/feature-channels';
import { attachRealtime } from './realtime/ws-server';

export interface RunningApi {
  server: Server;
  channels: ChannelRegistry;
  url: string;
  close(): Promise<void>;
}

/** Koa and the ws server on one HTTP server. */
export async function startApi(deps: ApiDeps & { port: number; host?: string; channels?: ChannelRegistry }): Promise<RunningApi> {
  // The HTTP and the socket sends of one app queue together (a chat's messages announced in seq order).
  const chatSends = deps.chatSends ?? new KeyedQueue<number>();
  const app = createApp({ ...deps, chatSends });
  const server = createServer(app.callback());
  const channels = deps.channels ?? new ChannelRegistry();
  const metrics = deps.metrics ?? NO_METRICS;
  const unsubscribe = registerFeatureChannels(channels, deps.hub, deps.bus, {
    orm: deps.orm,
    logger: deps.logger,
    limits: deps.limits,
    chatSends,
    metrics,
    storage: deps.storage,
  });
  const { publicUrl, publicUrlConfigured, demo } = deps.config;
  const origins = { publicUrl, publicUrlConfigured, demo };
  const realtime = attachRealtime(server, {
    orm: deps.orm,
    hub: deps.hub,
    channels,
    auth: deps.config,
    // The app's cache of users rows, shared with its HTTP calls (telegramAuth).
    users: evictedUserCache(deps.bus),
    origins,
    logger: deps.logger,
    limits: deps.limits,
    metrics,
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(deps.port, deps.host ?? '0.0.0.0', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : deps.port;
  return {
    server,
    channels,
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      unsubscribe();
      await realtime.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
