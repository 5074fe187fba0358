import type { WebSocket } from 'ws';
import type { OutgoingEnvelope, SocketPath } from '../../contracts/realtime';
import type { ClientSocket } from './hub';
import type { Metrics } from '../../platform/metrics/metrics';

/** Close code for a peer that reads too slowly: it reconnects and catches up by seq. */
const SLOW_CONSUMER_CLOSE = 1013;
// After the close frame is queued, a reader that never drains is cut off so its buffer is freed.
const FORCE_CLOSE_AFTER_MS = 5000;

/**
 * The hub's view of one ws connection. A slow reader cannot grow server memory without bound: once more
 * than `maxBufferedBytes` wait to be sent, nothing more is queued and the socket is closed.
 */
export function wrapSocket(ws: WebSocket, userId: number, path: SocketPath, maxBufferedBytes: number, metrics?: Metrics): ClientSocket {
  const dropSlow = () => {
    ws.close(SLOW_CONSUMER_CLOSE, 'slow consumer');
    setTimeout(() => ws.terminate(), FORCE_CLOSE_AFTER_MS).unref();
  };
  return {
    userId,
    path,
    send: (message: OutgoingEnvelope) => {
      if (ws.readyState !== ws.OPEN) return;
      if (ws.bufferedAmount > maxBufferedBytes) return dropSlow();
      ws.send(JSON.stringify(message));
      metrics?.socketMessage(path, 'out');
    },
    close: (code, reason) => ws.close(code, reason),
  };
}
