import type WebSocket from 'ws';
import { RATE_LIMITS } from '../../api/middleware/rate-limits';
import { closedLoop, openBenchSocket, type ClosedLoop } from './bench-socket';
import type { LoadPair } from './seed-pairs';
import { sleep } from './stats';

export interface PersistedResult {
  maxRate: number;
  targetRate: number;
  latencies: number[];
  errors: number;
}

function probeAnswers() {
  let resolve: (() => void) | null = null;
  return {
    answer: () => resolve?.(),
    next: () => new Promise<void>((r) => (resolve = r)),
  };
}

/** Waits until a chat_info round trip is quick three times running: the server has worked off the sockets' start-up. */
async function untilIdle(socket: WebSocket, chatId: number, probes: ReturnType<typeof probeAnswers>): Promise<void> {
  for (let quick = 0, tries = 0; quick < 3 && tries < 600; tries++) {
    const started = performance.now();
    const answered = probes.next();
    socket.send(JSON.stringify({ ch: 'messages', t: 'chat_info', cid: 'probe', data: { chatId: String(chatId) } }));
    await answered;
    quick = performance.now() - started < 30 ? quick + 1 : 0;
    await sleep(200);
  }
}

/**
 * Real sends (stored, then pushed) against the API at `wsBase`: first the maximum acknowledged rate with
 * one message in flight per sender, then an even open-loop load at `share` of it, timing send → peer.
 */
export async function persistedBench(
  wsBase: string,
  pairs: LoadPair[],
  opts: { maxMs: number; loadMs: number; share: number },
): Promise<PersistedResult> {
  const url = `${wsBase}/ws/messages`;
  let loop: ClosedLoop | null = null;
  let acked = 0;
  const probes = probeAnswers();
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  let errors = 0;
  let measuring = false;
  const senders = await Promise.all(
    pairs.map((p, i) =>
      openBenchSocket(url, p.a, (m) => {
        if (m.t === 'chat_info') probes.answer();
        if (m.t === 'error') errors++;
        if (m.t !== 'sent') return;
        acked++;
        loop?.answered(i);
      }),
    ),
  );
  const peers = await Promise.all(
    pairs.map((p) =>
      openBenchSocket(url, p.b, (m) => {
        if (m.ch !== 'messages' || m.t !== 'message' || !measuring) return;
        const started = sentAt.get((m.data.message as { clientId: string }).clientId);
        if (started !== undefined) latencies.push(performance.now() - started);
      }),
    ),
  );
  for (const [i, ws] of peers.entries())
    ws.send(JSON.stringify({ ch: 'messages', t: 'subscribe', cid: 's', data: { chatId: String(pairs[i]!.chatId), afterSeq: 0 } }));
  await untilIdle(senders[0]!, pairs[0]!.chatId, probes);

  let n = 0;
  const send = (s: number) => {
    const clientId = `bench-${s}-${++n}`;
    sentAt.set(clientId, performance.now());
    senders[s]!.send(
      JSON.stringify({
        ch: 'messages',
        t: 'send',
        cid: clientId,
        data: { chatId: String(pairs[s]!.chatId), text: `сообщение ${n}`, clientId },
      }),
    );
  };
  loop = closedLoop(pairs.length, 1, opts.maxMs, send);
  const maxRate = (await loop.done) / (opts.maxMs / 1000);
  // Drain what is still in flight so the measured load starts from an idle server, and let every sender's message
  // window pass (RATE_LIMITS.messages) so that none carries the first phase's count into the measured one.
  while (acked + errors < n) await sleep(20);
  await sleep(RATE_LIMITS.messages.windowMs);
  await untilIdle(senders[0]!, pairs[0]!.chatId, probes);

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
