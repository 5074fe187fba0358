import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { RequestContext } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { WebSocketServer, type WebSocket, type RawData } from 'ws';
import type { Logger } from '../../db/logger';
import type { Orm } from '../../db/orm';
import { User } from '../../db/users/user.entity';
import { upsertFromLaunchUser } from '../../db/users/users.service';
import { verifyInitData } from '../auth/init-data';
import type { AuthConfig } from '../middleware/telegram-auth';
import { toErrorResponse } from '../middleware/errors';
import { AppError } from '../contracts/errors';
import { envelopeSchema, SOCKET_PATHS, type OutgoingEnvelope, type SocketPath } from '../contracts/realtime';
import type { ChannelRegistry } from './channels';
import type { ClientSocket, Hub } from './hub';

export interface RealtimeDeps {
  orm: Orm;
  hub: Hub;
  channels: ChannelRegistry;
  auth: AuthConfig;
  logger: Logger;
  heartbeatMs?: number;
  maxPayloadBytes?: number;
}

const PATHS = new Set<string>(Object.values(SOCKET_PATHS));

function refuse(socket: Duplex, status: number, text: string): void {
  socket.write(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  socket.destroy();
}

async function authenticate(req: IncomingMessage, deps: RealtimeDeps): Promise<User> {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const launch = verifyInitData(url.searchParams.get('initData') ?? undefined, deps.auth.botToken, deps.auth.initDataMaxAgeS);
  const user = await upsertFromLaunchUser(deps.orm.em.fork(), launch.user, deps.auth.adminIds);
  if (user.isBanned) throw new AppError('BANNED', 'banned');
  return user;
}

function wrap(ws: WebSocket, userId: number, path: SocketPath): ClientSocket {
  return {
    userId,
    path,
    send: (message: OutgoingEnvelope) => {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
    },
    close: (code, reason) => ws.close(code, reason),
  };
}

/** Serves /ws/messages and /ws/likes on the HTTP server; initData is checked before the upgrade. */
export function attachRealtime(server: Server, deps: RealtimeDeps): { close(): Promise<void> } {
  const wss = new WebSocketServer({ noServer: true, maxPayload: deps.maxPayloadBytes ?? 64 * 1024 });
  const alive = new WeakMap<WebSocket, boolean>();

  server.on('upgrade', (req, socket, head) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (!PATHS.has(path)) return refuse(socket, 404, 'Not Found');
    authenticate(req, deps).then(
      (user) => wss.handleUpgrade(req, socket, head, (ws) => onConnection(ws, user, path as SocketPath)),
      (err: unknown) => {
        const { status } = toErrorResponse(err, deps.logger);
        refuse(socket, status, status === 403 ? 'Forbidden' : status === 401 ? 'Unauthorized' : 'Error');
      },
    );
  });

  function onConnection(ws: WebSocket, user: User, path: SocketPath): void {
    const client = wrap(ws, user.telegramId, path);
    alive.set(ws, true);
    deps.hub.add(client);
    ws.on('pong', () => alive.set(ws, true));
    // One socket's messages are handled in arrival order (a client's queued chat sends keep their order).
    let previous = Promise.resolve();
    ws.on('message', (raw, isBinary) => {
      previous = previous.then(() => onMessage(client, raw, isBinary)).catch((err: unknown) => deps.logger.error('ws message failed', { err }));
    });
    ws.on('close', () => {
      deps.hub.remove(client);
      for (const hooks of deps.channels.hooksFor(path)) hooks.onClose?.(client);
    });
    ws.on('error', () => ws.terminate());
    const em = deps.orm.em.fork();
    for (const hooks of deps.channels.hooksFor(path)) void Promise.resolve(hooks.onOpen?.(client, user, em)).catch((err: unknown) => deps.logger.error('ws open hook failed', { err }));
  }

  async function onMessage(client: ClientSocket, raw: RawData, isBinary: boolean): Promise<void> {
    const identity = { telegramId: client.userId };
    let parsed: unknown;
    try {
      parsed = isBinary ? undefined : JSON.parse(raw.toString());
    } catch {
      parsed = undefined;
    }
    const envelope = envelopeSchema.safeParse(parsed);
    if (!envelope.success) {
      client.send({ ch: 'system', t: 'error', data: { message: 'Некорректное сообщение' } });
      return;
    }
    const message = envelope.data;
    const reply = (t: string, data: unknown) => client.send({ ch: message.ch, t, cid: message.cid, data });
    const handler = deps.channels.handlerFor(client.path, message.ch);
    if (!handler) return reply('error', { message: 'Неизвестный канал' });
    try {
      await RequestContext.create(deps.orm.em, async () => {
        const em = RequestContext.getEntityManager() as EntityManager;
        await handler({ em, user: identity, socket: client, message, reply });
      });
    } catch (err) {
      reply('error', { message: toErrorResponse(err, deps.logger).body.message });
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
