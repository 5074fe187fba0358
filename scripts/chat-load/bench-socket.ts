import WebSocket from 'ws';
import { signLaunchData } from '../../bot/dev/sign-launch';
import { LOAD_BOT_TOKEN } from './load-client';

export interface Envelope {
  ch: string;
  t: string;
  cid?: string;
  data: Record<string, unknown>;
}

/** A bare socket for benchmarks: opens as `userId` (or anonymously), hands every parsed message to `onMessage`. */
export function openBenchSocket(url: string, userId: number | null, onMessage: (m: Envelope) => void): Promise<WebSocket> {
  const query = userId === null ? '' : `?initData=${encodeURIComponent(signLaunchData({ id: userId, first_name: 'Нагрузка' }, LOAD_BOT_TOKEN))}`;
  const ws = new WebSocket(`${url}${query}`);
  ws.on('message', (raw) => onMessage(JSON.parse(raw.toString()) as Envelope));
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

/** Keeps `window` requests in flight per sender for `durationMs`; `send(i)` sends one, `settled()` counts answers. */
export async function closedLoop(senders: number, window: number, durationMs: number, send: (sender: number) => void, answered: (sender: number) => number): Promise<void> {
  const sent = new Array<number>(senders).fill(0);
  const until = performance.now() + durationMs;
  while (performance.now() < until) {
    for (let s = 0; s < senders; s++) {
      while (sent[s]! - answered(s) < window) {
        send(s);
        sent[s]!++;
      }
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
}
