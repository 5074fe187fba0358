import { closedLoop, openBenchSocket } from './bench-socket';
import type { LoadPair } from './seed-pairs';
import { sleep } from './stats';

export interface PersistedResult {
  maxRate: number;
  targetRate: number;
  latencies: number[];
  errors: number;
}

/**
 * Real sends (stored, then pushed) against the API at `wsBase`: first the maximum acknowledged rate with
 * one message in flight per sender, then an even open-loop load at `share` of it, timing send → peer.
 */
export async function persistedBench(wsBase: string, pairs: LoadPair[], opts: { maxMs: number; loadMs: number; share: number }): Promise<PersistedResult> {
  const url = `${wsBase}/ws/messages`;
  const acks = new Array<number>(pairs.length).fill(0);
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  let errors = 0;
  let measuring = false;
  const senders = await Promise.all(pairs.map((p, i) => openBenchSocket(url, p.a, (m) => (m.t === 'sent' ? acks[i]!++ : m.t === 'error' && errors++))));
  const peers = await Promise.all(
    pairs.map((p) =>
      openBenchSocket(url, p.b, (m) => {
        if (m.ch !== 'messages' || m.t !== 'message' || !measuring) return;
        const started = sentAt.get((m.data.message as { clientId: string }).clientId);
        if (started !== undefined) latencies.push(performance.now() - started);
      }),
    ),
  );
  for (const [i, ws] of peers.entries()) ws.send(JSON.stringify({ ch: 'messages', t: 'subscribe', cid: 's', data: { chatId: String(pairs[i]!.chatId), afterSeq: 0 } }));
  await sleep(1000);

  let n = 0;
  const send = (s: number) => {
    const clientId = `bench-${s}-${++n}`;
    sentAt.set(clientId, performance.now());
    senders[s]!.send(JSON.stringify({ ch: 'messages', t: 'send', cid: clientId, data: { chatId: String(pairs[s]!.chatId), text: `сообщение ${n}`, clientId } }));
  };
  const before = acks.reduce((a, b) => a + b, 0);
  const started = performance.now();
  await closedLoop(pairs.length, 1, opts.maxMs, send, (s) => acks[s]!);
  const maxRate = (acks.reduce((a, b) => a + b, 0) - before) / ((performance.now() - started) / 1000);
  await sleep(1000);

  const targetRate = maxRate * opts.share;
  measuring = true;
  const loadStart = performance.now();
  let due = 0;
  let next = 0;
  while (performance.now() - loadStart < opts.loadMs) {
    due += targetRate / 100;
    for (; due >= 1; due--) send(next++ % pairs.length);
    await sleep(10);
  }
  await sleep(1000);
  [...senders, ...peers].forEach((ws) => ws.terminate());
  return { maxRate, targetRate, latencies, errors };
}
