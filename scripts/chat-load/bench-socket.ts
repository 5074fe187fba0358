import WebSocket from 'ws';
import { socketProtocols } from '../../contracts/socket-auth';
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
  const protocols = userId === null ? [] : socketProtocols(signLaunchData({ id: userId, first_name: 'Нагрузка' }, LOAD_BOT_TOKEN));
  const ws = new WebSocket(url, protocols);
  ws.on('message', (raw) => onMessage(JSON.parse(raw.toString()) as Envelope));
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

export interface ClosedLoop {
  /** Call on every answer of `sender`: the next request goes out at once while time remains. */
  answered(sender: number): void;
  /** Resolves when the time is up; the number of answers within it. */
  done: Promise<number>;
}

/** Keeps `window` requests in flight per sender for `durationMs`, sending the next one on each answer. */
export function closedLoop(senders: number, window: number, durationMs: number, send: (sender: number) => void): ClosedLoop {
  const until = performance.now() + durationMs;
  let answers = 0;
  for (let s = 0; s < senders; s++) for (let w = 0; w < window; w++) send(s);
  return {
    answered: (sender) => {
      if (performance.now() >= until) return;
      answers++;
      send(sender);
    },
    done: new Promise((resolve) => setTimeout(() => resolve(answers), durationMs)),
  };
}
