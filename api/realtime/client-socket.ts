import { randomUUID } from 'node:crypto';
import type { WebSocket } from 'ws';
import type { OutgoingEnvelope, SocketPath } from '../../contracts/realtime';
import type { Logger } from '../../platform/logger';
import type { ClientSocket } from './hub';
import type { RealtimeDeps } from './ws-server';

/** Close code for a peer that reads too slowly: it reconnects and catches up by seq. */
const SLOW_CONSUMER_CLOSE = 1013;
// After the close frame is queued, a reader that never drains is cut off so its buffer is freed.
const FORCE_CLOSE_AFTER_MS = 5000;
const DEFAULT_MAX_BUFFERED_BYTES = 1024 * 1024;
const SETTLED = Promise.resolve();

function terminate(ws: WebSocket): void {
  ws.terminate();
}

/**
 * The hub's view of one ws connection, and what the socket's listeners share. One object a socket with its methods
 * on the prototype: 10,000 idle sockets each kept a handful of closures, their contexts and a copy of the deps
 * before (issue 42). A slow reader cannot grow server memory without bound: once more than `maxBufferedBytes` wait
 * to be sent, nothing more is queued and the socket is closed.
 */
export class SocketClient implements ClientSocket {
  /** The socket's last message dispatched: the next runs after it (a client's queued chat sends keep their order). */
  previous: Promise<void> = SETTLED;
  /** The timer that closes the socket when its initData expires (socket-admission.ts). */
  expiry: NodeJS.Timeout | undefined;
  private logger: Logger | undefined;

  constructor(
    readonly ws: WebSocket,
    readonly userId: number,
    readonly path: SocketPath,
    readonly deps: RealtimeDeps,
    /** The upgrade's X-Request-Id when it was sane; otherwise an id is made when the socket first logs. */
    private readonly conn: string | undefined,
  ) {}

  /** Every line about this socket carries its `conn` and `path`; made on first use, so an idle socket keeps none. */
  get log(): Logger {
    return (this.logger ??= this.deps.logger.child({ conn: this.conn ?? randomUUID(), path: this.path }));
  }

  send(message: OutgoingEnvelope): void {
    const { ws } = this;
    if (ws.readyState !== ws.OPEN) return;
    if (ws.bufferedAmount > (this.deps.maxBufferedBytes ?? DEFAULT_MAX_BUFFERED_BYTES)) return this.dropSlow();
    ws.send(JSON.stringify(message));
    this.deps.metrics?.socketMessage(this.path, 'out');
  }

  close(code: number, reason: string): void {
    this.ws.close(code, reason);
  }

  private dropSlow(): void {
    this.ws.close(SLOW_CONSUMER_CLOSE, 'slow consumer');
    setTimeout(terminate, FORCE_CLOSE_AFTER_MS, this.ws).unref();
  }
}
