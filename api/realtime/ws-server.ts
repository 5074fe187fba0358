import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Logger } from '../../platform/logger';
import type { Orm } from '../../db/orm';
import type { UserCache } from '../../db/users/user-cache';
import type { Metrics } from '../../platform/metrics/metrics';
import { addressResolver } from '../middleware/client-address';
import type { RateLimiters } from '../middleware/rate-limits';
import { saneRequestId } from '../middleware/request-id';
import type { AuthConfig } from '../middleware/telegram-auth';
import { toErrorResponse } from '../middleware/errors';
import { AppError } from '../../contracts/errors';
import { SOCKET_PATHS, type SocketPath } from '../../contracts/realtime';
import { SOCKET_CLOSE, SOCKET_PROTOCOL } from '../../contracts/socket-auth';
import type { OriginPolicy } from './allowed-origin';
import type { ChannelRegistry } from './channels';
import { startHeartbeat } from './heartbeat';
import type { Hub } from './hub';
import { SocketCounts } from './socket-admission';
import { serveSocket, type SocketSession } from './socket-session';
import { authenticateUpgrade, refuseUpgrade } from './upgrade-auth';

export interface RealtimeDeps {
  orm: Orm;
  hub: Hub;
  channels: ChannelRegistry;
  auth: AuthConfig;
  logger: Logger;
  /** The app's users rows read lately (evictedUserCache, shared with HTTP); without it every upgrade reads the row. */
  users?: UserCache;
  /** The app's limiters: socket messages and bad initData on upgrade count in them. */
  limits: RateLimiters;
  /** Open sockets and messages in and out are counted here (none when absent). */
  metrics?: Metrics;
  /** Which browser origins may open a socket (see isAllowedOrigin); absent: any. */
  origins?: OriginPolicy;
  heartbeatMs?: number;
  /** A larger frame closes the socket with 1009. */
  maxPayloadBytes?: number;
  /** Bytes waiting to be sent above which a slow reader is dropped (1013). */
  maxBufferedBytes?: number;
}

const PATHS = new Set<string>(Object.values(SOCKET_PATHS));

function pathOf(url: string | undefined): string | null {
  try {
    return new URL(url ?? '/', 'http://localhost').pathname;
  } catch {
    return null;
  }
}

// Not a closure: it stays on the socket for its whole life, and an arrow here would keep the upgrade's request
// (its headers, initData among them) alive with it.
function destroyOnError(this: Duplex): void {
  this.destroy();
}

/** Origin and initData are checked before the upgrade; a refusal is an HTTP answer (with Retry-After when limited). */
function upgradeHandler(wss: WebSocketServer, deps: RealtimeDeps, admit: (ws: WebSocket, session: SocketSession) => void) {
  const addressOf = addressResolver(deps.auth.trustProxy);
  return (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    // A client that goes away during the checks must not become an unhandled 'error'.
    socket.on('error', destroyOnError);
    const path = pathOf(req.url);
    if (!path || !PATHS.has(path)) return refuseUpgrade(socket, 404);
    authenticateUpgrade(req, deps, addressOf).then(
      ({ user, launch }) =>
        wss.handleUpgrade(req, socket, head, (ws) => {
          // ws handles the socket's errors from here on; ours would be one more listener array a socket.
          socket.removeListener('error', destroyOnError);
          admit(ws, { user, launch, path: path as SocketPath, conn: saneRequestId(req.headers['x-request-id']) });
        }),
      (err: unknown) => {
        const retryAfter = err instanceof AppError ? err.extra.retryAfter : undefined;
        refuseUpgrade(socket, toErrorResponse(err, deps.logger).status, retryAfter ? { 'Retry-After': String(retryAfter) } : {});
      },
    );
  };
}

/** Serves /ws/messages and /ws/likes on the HTTP server; its socket counts and heartbeat are its own. */
export function attachRealtime(server: Server, deps: RealtimeDeps): { close(): Promise<void> } {
  // The client offers `tma` beside its credential (contracts/socket-auth.ts); only `tma` is answered.
  const handleProtocols = (offered: Set<string>) => (offered.has(SOCKET_PROTOCOL) ? SOCKET_PROTOCOL : false);
  const wss = new WebSocketServer({ noServer: true, maxPayload: deps.maxPayloadBytes ?? 64 * 1024, handleProtocols });
  const counts = new SocketCounts();
  const heartbeat = startHeartbeat(wss, deps.heartbeatMs ?? 30_000);
  server.on(
    'upgrade',
    upgradeHandler(wss, deps, (ws, session) => {
      if (!counts.admit(session.user.telegramId)) return ws.close(SOCKET_CLOSE.tooManySockets, 'too many sockets');
      heartbeat.watch(ws);
      serveSocket(ws, session, deps, counts);
    }),
  );
  return {
    close: async () => {
      heartbeat.stop();
      for (const ws of wss.clients) ws.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
