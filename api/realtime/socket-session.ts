import type { EntityManager } from '@mikro-orm/postgresql';
import type { RawData, WebSocket } from 'ws';
import type { SessionUser } from '../../db/users/session-user';
import type { VerifiedLaunch } from '../context';
import { AppError, SERVER_MESSAGES } from '../../contracts/errors';
import { envelopeSchema, errorData, type Envelope, type SocketPath } from '../../contracts/realtime';
import { toErrorResponse } from '../middleware/errors';
import { hasUnstorableCharacter } from '../middleware/nul-characters';
import { SocketClient } from './client-socket';
import { closeOnExpiry, type SocketCounts } from './socket-admission';
import type { RealtimeDeps } from './ws-server';

/** An admitted socket: who opened it, with which initData, on which path. */
export interface SocketSession {
  user: SessionUser;
  launch: VerifiedLaunch;
  path: SocketPath;
  /** Every line about this socket carries it: the upgrade's X-Request-Id when sane, else one made when it first logs. */
  conn: string | undefined;
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
function replyError(client: SocketClient, message: Envelope | null, err: unknown): void {
  const { body } = toErrorResponse(err, client.log, { ch: message?.ch, t: message?.t });
  const retryAfter = typeof body.retryAfter === 'number' ? body.retryAfter : undefined;
  client.send({ ch: message?.ch ?? 'system', t: 'error', cid: message?.cid, data: errorData(body.message, retryAfter) });
}

/**
 * Runs the channel's handler for one message with an EntityManager of its own, forked on first use as HTTP requests
 * fork theirs (api/middleware/request-context.ts; useContext: inside em.transactional it resolves to the transaction's
 * manager): a message answered from memory costs no fork. Its failure is answered as an error.
 */
async function dispatch(client: SocketClient, message: Envelope): Promise<void> {
  const reply = (t: string, data: unknown) => client.send({ ch: message.ch, t, cid: message.cid, data });
  const { channels, orm } = client.deps;
  const handler = channels.handlerFor(client.path, message.ch);
  if (!handler) return reply('error', errorData('Неизвестный канал'));
  let em: EntityManager | undefined;
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
    replyError(client, message, err);
  }
}

function logFailure(this: SocketClient, err: unknown): void {
  this.log.error('ws message failed', { err });
}

/** Checks and dispatches one message of the socket's, after the ones before it (in arrival order). */
function receive(client: SocketClient, raw: RawData, isBinary: boolean): void {
  const { deps } = client;
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
        return replyError(client, message, new AppError('BAD_REQUEST', SERVER_MESSAGES.nulCharacter));
      client.previous = client.previous.then(() => dispatch(client, message)).catch(logFailure.bind(client));
    },
    (err: unknown) => replyError(client, message, err),
  );
}

// Plain functions, not closures: ws calls them with the socket as `this`, and an idle socket keeps nothing more.
function terminateOnError(this: WebSocket): void {
  this.terminate();
}

/**
 * Serves an admitted socket (counted in `counts`): in the hub until it closes, its messages dispatched, its path's
 * open and close hooks run. The socket's own state is one SocketClient and two listeners sharing it.
 */
export function serveSocket(ws: WebSocket, session: SocketSession, deps: RealtimeDeps, counts: SocketCounts): void {
  const { user, path } = session;
  const client = new SocketClient(ws, user.telegramId, path, deps, session.conn);
  if (deps.logger.enabled('debug')) client.log.debug('ws connected', { userId: user.telegramId });
  closeOnExpiry(client, session.launch, deps.auth.initDataMaxAgeS);
  deps.hub.add(client);
  deps.metrics?.socketOpened(path);
  ws.on('message', (raw, isBinary) => receive(client, raw, isBinary));
  ws.on('close', (code) => {
    if (deps.logger.enabled('debug')) client.log.debug('ws closed', { code });
    clearTimeout(client.expiry);
    counts.release(client.userId);
    deps.metrics?.socketClosed(path);
    deps.hub.remove(client);
    for (const hooks of deps.channels.hooksFor(path)) hooks.onClose?.(client);
  });
  ws.on('error', terminateOnError);
  const em = deps.orm.em.fork();
  for (const hooks of deps.channels.hooksFor(path))
    void Promise.resolve(hooks.onOpen?.(client, user, em)).catch((err: unknown) => client.log.error('ws open hook failed', { err }));
}
