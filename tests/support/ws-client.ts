import WebSocket from 'ws';
import { socketProtocols } from '../../contracts/socket-auth';

export interface TestSocket {
  ws: WebSocket;
  received: unknown[];
  send(message: unknown): void;
  /** Resolves with the first received message (past or future) that matches. */
  next<T = Record<string, unknown>>(predicate?: (m: Record<string, unknown>) => boolean, timeoutMs?: number): Promise<T>;
  close(): Promise<void>;
}

/**
 * Opens a socket and resolves once it is open, or rejects with the HTTP status of a refused upgrade. With
 * `initData` it is offered in the subprotocols as the mini app does (contracts/socket-auth.ts).
 */
export function openSocket(url: string, initData?: string | null, options?: WebSocket.ClientOptions): Promise<TestSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, initData ? socketProtocols(initData) : [], options);
    const received: Record<string, unknown>[] = [];
    const waiters: Array<{ predicate: (m: Record<string, unknown>) => boolean; resolve: (m: unknown) => void }> = [];
    ws.on('message', (raw) => {
      const message = JSON.parse(raw.toString()) as Record<string, unknown>;
      received.push(message);
      for (const waiter of [...waiters]) {
        if (waiter.predicate(message)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(message);
        }
      }
    });
    ws.once('unexpected-response', (_req, res) =>
      reject(Object.assign(new Error(`upgrade refused: ${res.statusCode}`), { status: res.statusCode })),
    );
    ws.once('error', reject);
    ws.once('open', () =>
      resolve({
        ws,
        received,
        send: (message) => ws.send(typeof message === 'string' ? message : JSON.stringify(message)),
        next: <T>(predicate: (m: Record<string, unknown>) => boolean = () => true, timeoutMs = 3000) =>
          new Promise<T>((res, rej) => {
            const found = received.find(predicate);
            if (found) return res(found as T);
            const timer = setTimeout(() => rej(new Error('no matching message in time')), timeoutMs);
            waiters.push({ predicate, resolve: (m) => (clearTimeout(timer), res(m as T)) });
          }),
        close: () =>
          new Promise<void>((res) => {
            if (ws.readyState === ws.CLOSED) return res();
            ws.once('close', () => res());
            ws.close();
          }),
      }),
    );
  });
}
