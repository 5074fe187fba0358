import type { LoadClient } from './load-client';
import type { LoadPair } from './seed-pairs';

export interface SoakResult {
  lost: number;
  duplicated: number;
  outOfOrder: number;
  lateArrivals: number;
  latencies: number[];
  /** Of messages first sent before the SIGKILL: the steady state with only the random disconnects. */
  latenciesBeforeKill: number[];
}

/**
 * Compares what every sender created with what the database holds and what the peer ended up with:
 * lost = created but not stored or never reached the peer; duplicated = one clientId at two seqs (or a
 * seq that showed two messages); out-of-order = a sender's messages whose seqs do not follow the order they were written in.
 */
export function checkDelivery(input: {
  clients: Array<[LoadClient, LoadClient]>;
  pairs: LoadPair[];
  order: Map<string, string[]>;
  // Only keys are built from them: bigint text or a number gives the same key.
  stored: Array<{ chat_id: number | string; client_id: string | null }>;
  killedAt: number | null;
}): SoakResult {
  const storedCount = new Map<string, number>();
  for (const row of input.stored)
    storedCount.set(`${row.chat_id}/${row.client_id}`, (storedCount.get(`${row.chat_id}/${row.client_id}`) ?? 0) + 1);
  let lost = 0;
  let duplicated = [...storedCount.values()].reduce((n, c) => n + c - 1, 0);
  let outOfOrder = 0;
  const latencies: number[] = [];
  const latenciesBeforeKill: number[] = [];

  input.pairs.forEach((pair, i) => {
    const [ca, cb] = input.clients[i]!;
    for (const [sender, peer, senderId] of [
      [ca, cb, pair.a],
      [cb, ca, pair.b],
    ] as const) {
      const seen = new Map<string, number[]>();
      for (const arrival of peer.timeline.values())
        if (arrival.clientId) seen.set(arrival.clientId, [...(seen.get(arrival.clientId) ?? []), arrival.seq]);
      let lastSeq = 0;
      for (const clientId of input.order.get(String(senderId)) ?? []) {
        const seqs = seen.get(clientId);
        if (!storedCount.has(`${pair.chatId}/${clientId}`) || !seqs) {
          lost++;
          continue;
        }
        if (seqs.length > 1) duplicated += seqs.length - 1;
        if (seqs[0]! < lastSeq) outOfOrder++;
        lastSeq = Math.max(lastSeq, seqs[0]!);
        const arrival = peer.timeline.get(seqs[0]!)!;
        const sentAt = sender.sentAt.get(clientId)!;
        latencies.push(arrival.at - sentAt);
        if (input.killedAt === null || sentAt < input.killedAt) latenciesBeforeKill.push(arrival.at - sentAt);
      }
    }
    duplicated += ca.conflicts + cb.conflicts;
  });
  const lateArrivals = input.clients.flat().reduce((n, c) => n + c.lateArrivals, 0);
  return { lost, duplicated, outOfOrder, lateArrivals, latencies, latenciesBeforeKill };
}
