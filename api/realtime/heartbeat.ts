import type { WebSocket, WebSocketServer } from 'ws';

/** Pings every socket each `everyMs`; one that has not answered the previous ping by then is cut off. */
export function startHeartbeat(wss: WebSocketServer, everyMs: number): { watch(ws: WebSocket): void; stop(): void } {
  const alive = new WeakMap<WebSocket, boolean>();
  // One listener for every socket (ws calls it with the socket as `this`), not a closure a socket.
  function answered(this: WebSocket): void {
    alive.set(this, true);
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
  }, everyMs);
  timer.unref();
  return {
    watch: (ws) => {
      alive.set(ws, true);
      ws.on('pong', answered);
    },
    stop: () => clearInterval(timer),
  };
}
