import type { IncomingMessage, Server } from 'node:http';
import { RequestContext } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { WebSocketServer, type WebSocket, type RawData } from 'ws';
import type { Logger } from '../../db/logger';
import type { Orm } from '../../db/orm';
import type { User } from '../../db/users/user.entity';
import { addressResolver } from '../middleware/client-address';
import { hasNulCharacter } from '../middleware/nul-characters';
import { limiters } from '../middleware/rate-limits';
import { requestIdFrom } from '../middleware/request-id';
import type { AuthConfig } from '../middleware/telegram-auth';
import { toErrorResponse } from '../middleware/errors';
import { AppError, MESSAGES } from '../contracts/errors';
import { envelopeSchema, errorData, SOCKET_PATHS, type Envelope, type SocketPath } from '../contracts/realtime';
import { SOCKET_CLOSE, SOCKET_PROTOCOL } from '../contracts/socket-auth';
import type { VerifiedLaunch } from '../context';
import type { OriginPolicy } from './allowed-origin';
import type { ChannelRegistry } from './channels';
import { wrapSocket } from './client-socket';
import type { ClientSocket, Hub } from './hub';
import { closeOnExpiry, SocketCounts } from './socket-admission';
import { authenticateUpgrade, refuseUpgrade } from './upgrade-auth';

export interface RealtimeDeps {
  orm: Orm;
  hub: Hub;
  channels: ChannelRegistry;
  auth: AuthConfig;
  logger: Logger;
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

function parseEnvelope(raw: RawData, isBinary: boolean): Envelope | null {
  try {
    const parsed = envelopeSchema.safeParse(isBinary ? undefined : JSON.parse(raw.toString()));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Serves /ws/messages and /ws/likes on the HTTP server; origin and initData are checked before the upgrade. */
export function attachRealtime(server: Server, deps: RealtimeDeps): { close(): Promise<void> } {
  // The client offers `tma` beside its credential (api/contracts/socket-auth.ts); only `tma` is answered.
  const handleProtocols = (offered: Set<string>) => (offered.has(SOCKET_PROTOCOL) ? SOCKET_PROTOCOL : false);
  const wss = new WebSocketServer({ noServer: true, maxPayload: deps.maxPayloadBytes ?? 64 * 1024, handleProtocols });
  const alive = new WeakMap<WebSocket, boolean>();
  const addressOf = addressResolver(deps.auth.trustProxy);
  const counts = new SocketCounts();

  server.on('upgrade', (req, socket, head) => {
    // A client that goes away during the checks must not become an unhandled 'error'.
    socket.on('error', () => socket.destroy());
    const path = pathOf(req.url);
    if (!path || !PATHS.has(path)) return refuseUpgrade(socket, 404);
    authenticateUpgrade(req, deps, addressOf).then(
      ({ user, launch }) => wss.handleUpgrade(req, socket, head, (ws) => onConnection(ws, user, launch, path as SocketPath, req)),
      (err: unknown) => {
        const retryAfter = err instanceof AppError ? err.extra.retryAfter : undefined;
        refuseUpgrade(socket, toErrorResponse(err, deps.logger).status, retryAfter ? { 'Retry-After': String(retryAfter) } : {});
      },
    );
  });

  /** An `error` answer to one client message (or to an unreadable one), with retryAfter when rate limited. */
  function replyError(client: ClientSocket, message: Envelope | null, err: unknown, log: Logger): void {
    const { body } = toErrorResponse(err, log, { ch: message?.ch, t: message?.t });
    const retryAfter = typeof body.retryAfter === 'number' ? body.retryAfter : undefined;
    client.send({ ch: message?.ch ?? 'system', t: 'error', cid: message?.cid, data: errorData(body.message, retryAfter) });
  }

  function onConnection(ws: WebSocket, user: User, launch: VerifiedLaunch, path: SocketPath, req: IncomingMessage): void {
    // Every line about this socket carries its id: the upgrade's X-Request-Id when sane, else a new one.
    const log = deps.logger.child({ conn: requestIdFrom(req.headers['x-request-id']), path });
    if (!counts.admit(ws, user.telegramId)) return ws.close(SOCKET_CLOSE.tooManySockets, 'too many sockets');
    log.debug('ws connected', { userId: user.telegramId });
    closeOnExpiry(ws, launch, deps.auth.initDataMaxAgeS);
    const client = wrapSocket(ws, user.telegramId, path, deps.maxBufferedBytes ?? 1024 * 1024);
    alive.set(ws, true);
    deps.hub.add(client);
    ws.on('pong', () => alive.set(ws, true));
    // One socket's messages are handled in arrival order (a client's queued chat sends keep their order).
    let previous = Promise.resolve();
    ws.on('message', (raw, isBinary) => {
      const message = parseEnvelope(raw, isBinary);
      try {
        // Counted on arrival and per user over all their sockets, so neither a flood nor more sockets outrun it.
        limiters.socketMessages.hit(user.telegramId);
      } catch (err) {
        return replyError(client, message, err, log);
      }
      if (!message) return client.send({ ch: 'system', t: 'error', data: errorData('Некорректное сообщение') });
      // PostgreSQL text cannot hold U+0000: refused here as on HTTP, not deep in a query.
      if (hasNulCharacter(message.data)) return replyError(client, message, new AppError('BAD_REQUEST', MESSAGES.nulCharacter), log);
      previous = previous.then(() => dispatch(client, message, log)).catch((err: unknown) => log.error('ws message failed', { err }));
    });
    ws.on('close', (code) => {
      log.debug('ws closed', { code });
      deps.hub.remove(client);
      for (const hooks of deps.channels.hooksFor(path)) hooks.onClose?.(client);
    });
    ws.on('error', () => ws.terminate());
    const em = deps.orm.em.fork();
    for (const hooks of deps.channels.hooksFor(path)) void Promise.resolve(hooks.onOpen?.(client, user, em)).catch((err: unknown) => log.error('ws open hook failed', { err }));
  }

  async function dispatch(client: ClientSocket, message: Envelope, log: Logger): Promise<void> {
    const reply = (t: string, data: unknown) => client.send({ ch: message.ch, t, cid: message.cid, data });
    const handler = deps.channels.handlerFor(client.path, message.ch);
    if (!handler) return reply('error', errorData('Неизвестный канал'));
    try {
      await RequestContext.create(deps.orm.em, async () => {
        const em = RequestContext.getEntityManager() as EntityManager;
        await handler({ em, user: { telegramId: client.userId }, socket: client, message, reply });
      });
    } catch (err) {
      replyError(client, message, err, log);
    }
  }

  const timer = setInterval(() => {
    for (const ws of wss.clients) {
      if (!alive.get(ws)) {
        ws.terminate();
        continue;
      }
      alive.set(ws, false);
      ws.ping();
    }
  }, deps.heartbeatMs ?? 30_000);
  timer.unref();

  return {
    close: async () => {
      clearInterval(timer);
      for (const ws of wss.clients) ws.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
