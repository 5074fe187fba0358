import type { EntityManager } from '@mikro-orm/postgresql';
import type { RawData, WebSocket } from 'ws';
import type { SessionUser } from '../../db/users/session-user';
import type { VerifiedLaunch } from '../context';
import { AppError, SERVER_MESSAGES } from '../../contracts/errors';
import { envelopeSchema, errorData, type Envelope, type SocketPath } from '../../contracts/realtime';
import { toErrorResponse } from '../middleware/errors';
import { hasUnstorableCharacter } from '../middleware/nul-characters';
import { wrapSocket } from './client-socket';
import type { ClientSocket } from './hub';
import { closeOnExpiry } from './socket-admission';
import type { RealtimeDeps } from './ws-server';

/** An admitted socket: who opened it, with which initData, on which path. */
export interface SocketSession {
  user: SessionUser;
  launch: VerifiedLaunch;
  path: SocketPath;
  /** Every line about this socket carries it: the upgrade's X-Request-Id when sane, else a new one. */
  conn: string;
}

function parseEnvelope(raw: RawData, isBinary: boolean): Envelope | null {
  try {
    const parsed = envelopeSchema.safeParse(isBinary ? undefined : JSON.parse(raw.toString()));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** An `error` answer to one client message (or to an unreadable one), with retryAfter when rate limited. */
function replyError(client: ClientSocket, message: Envelope | null, err: unknown, deps: RealtimeDeps): void {
  const { body } = toErrorResponse(err, deps.logger, { ch: message?.ch, t: message?.t });
  const retryAfter = typeof body.retryAfter === 'number' ? body.retryAfter : undefined;
  client.send({ ch: message?.ch ?? 'system', t: 'error', cid: message?.cid, data: errorData(body.message, retryAfter) });
}

/**
 * Runs the channel's handler for one message with an EntityManager of its own, forked on first use as HTTP requests
 * fork theirs (api/middleware/request-context.ts; useContext: inside em.transactional it resolves to the transaction's
 * manager): a message answered from memory costs no fork. Its failure is answered as an error.
 */
async function dispatch(client: ClientSocket, message: Envelope, deps: RealtimeDeps): Promise<void> {
  const reply = (t: string, data: unknown) => client.send({ ch: message.ch, t, cid: message.cid, data });
  const handler = deps.channels.handlerFor(client.path, message.ch);
  if (!handler) return reply('error', errorData('Неизвестный канал'));
  let em: EntityManager | undefined;
  const { orm } = deps;
  try {
    await handler({
      get em() {
        return (em ??= orm.em.fork({ useContext: true }) as EntityManager);
      },
      user: { telegramId: client.userId },
      socket: client,
      message,
      reply,
    });
  } catch (err) {
    replyError(client, message, err, deps);
  }
}

/** Checks and dispatches a socket's messages, one at a time in arrival order (a client's queued chat sends keep their order). */
function messageHandler(client: ClientSocket, deps: RealtimeDeps): (raw: RawData, isBinary: boolean) => void {
  let previous = Promise.resolve();
  return (raw, isBinary) => {
    deps.metrics?.socketMessage(client.path, 'in');
    const message = parseEnvelope(raw, isBinary);
    // Counted on arrival and per user over all their sockets, so neither a flood nor more sockets outrun it. The
    // counts answer in arrival order (in memory, or in order on the one Redis connection), so messages keep theirs.
    const admitted = deps.limits.socketMessages.hit(client.userId);
    void admitted.then(
      () => {
        if (!message) return client.send({ ch: 'system', t: 'error', data: errorData('Некорректное сообщение') });
        // PostgreSQL text cannot hold U+0000: refused here as on HTTP, not deep in a query.
        if (hasUnstorableCharacter(message.data))
          return replyError(client, message, new AppError('BAD_REQUEST', SERVER_MESSAGES.nulCharacter), deps);
        previous = previous
          .then(() => dispatch(client, message, deps))
          .catch((err: unknown) => deps.logger.error('ws message failed', { err }));
      },
      (err: unknown) => replyError(client, message, err, deps),
    );
  };
}

/** Serves an admitted socket: in the hub until it closes, its messages dispatched, its path's open and close hooks run. */
export function serveSocket(ws: WebSocket, session: SocketSession, appDeps: RealtimeDeps): void {
  const { user, path, conn } = session;
  // The child logger makes its pino child only when it first writes (platform/logger.ts): an idle socket keeps none.
  const deps = { ...appDeps, logger: appDeps.logger.child({ conn, path }) };
  deps.logger.debug('ws connected', { userId: user.telegramId });
  closeOnExpiry(ws, session.launch, deps.auth.initDataMaxAgeS);
  const client = wrapSocket(ws, user.telegramId, path, deps.maxBufferedBytes ?? 1024 * 1024, deps.metrics);
  deps.hub.add(client);
  deps.metrics?.socketOpened(path);
  ws.on('message', messageHandler(client, deps));
  ws.on('close', (code) => {
    deps.logger.debug('ws closed', { code });
    deps.metrics?.socketClosed(path);
    deps.hub.remove(client);
    for (const hooks of deps.channels.hooksFor(path)) hooks.onClose?.(client);
  });
  ws.on('error', () => ws.terminate());
  const em = deps.orm.em.fork();
  for (const hooks of deps.channels.hooksFor(path))
    void Promise.resolve(hooks.onOpen?.(client, user, em)).catch((err: unknown) => deps.logger.error('ws open hook failed', { err }));
}
