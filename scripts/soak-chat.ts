// Chat soak: 200 pairs exchange 10,000 messages over real sockets while clients drop at random and the API
// process is SIGKILLed once and restarted. Prints lost / duplicated / out-of-order (all must be 0) and send→peer latency.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../platform/postgres/embedded-postgres';
import { closeOrm, openOrm } from '../db/orm';
import { sqlOf } from '../db/kysely';
import { createBenchDatabase } from './bench/bench-database';
import { spawnApi, type ApiProcess } from './chat-load/api-process';
import { LoadClient } from './chat-load/load-client';
import { seedPairs, type LoadPair } from './chat-load/seed-pairs';
import { ms, percentile, sleep } from './chat-load/stats';
import { checkDelivery } from './chat-load/soak-check';

const PAIRS = Number(process.env.SOAK_PAIRS ?? 200);
const MESSAGES = Number(process.env.SOAK_MESSAGES ?? 10_000);
const RATE = Number(process.env.SOAK_RATE ?? 100); // messages per second, all pairs together
const DROP_EVERY_MS = 250;
const DROP_SHARE = Number(process.env.SOAK_DROP_SHARE ?? 0.004); // each socket drops about once a minute
const KILL_AT = Number(process.env.SOAK_KILL_AT ?? 0.4); // share of messages sent before the SIGKILL (above 1: never)

async function waitFor(label: string, done: () => boolean, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${label}`);
    await sleep(50);
  }
}

async function drive(
  clients: Array<[LoadClient, LoadClient]>,
  onProgress: (sent: number) => Promise<void>,
): Promise<Map<string, string[]>> {
  const order = new Map<string, string[]>(); // per sender: clientIds in creation order
  const perTick = RATE / 50;
  let sent = 0;
  let carry = 0;
  while (sent < MESSAGES) {
    carry += perTick;
    for (; carry >= 1 && sent < MESSAGES; carry--, sent++) {
      const pair = clients[Math.floor(Math.random() * clients.length)]!;
      const sender = pair[Math.random() < 0.5 ? 0 : 1];
      const clientId = sender.send(`сообщение ${sent}`);
      const key = clientId.split('-')[0]!;
      order.set(key, [...(order.get(key) ?? []), clientId]);
    }
    await onProgress(sent);
    await sleep(20);
  }
  return order;
}

async function main(): Promise<void> {
  const db = await createBenchDatabase(`soak_chat_${Date.now().toString(36)}`);
  const storageDir = mkdtempSync(path.join(os.tmpdir(), 'soak-storage-'));
  let api: ApiProcess | null = null;
  const clients: Array<[LoadClient, LoadClient]> = [];
  try {
    const pairs: LoadPair[] = await seedPairs(db.url, PAIRS);
    const port = await freePort();
    const start = () => spawnApi({ databaseUrl: db.url, port, storageDir });
    api = await start();
    const wsBase = api.url.replace('http', 'ws');
    for (const p of pairs)
      clients.push([new LoadClient({ wsBase, userId: p.a, chatId: p.chatId }), new LoadClient({ wsBase, userId: p.b, chatId: p.chatId })]);
    const all = clients.flat();
    all.forEach((c) => c.start());
    await waitFor('all sockets open', () => all.every((c) => c.isOpen), 180_000);
    console.log(
      `${PAIRS} pairs connected; sending ${MESSAGES} messages at ${RATE}/s with ${(DROP_SHARE * 100).toFixed(1)}% of sockets dropped every ${DROP_EVERY_MS} ms`,
    );

    const chaos = setInterval(() => all.forEach((c) => Math.random() < DROP_SHARE && c.drop()), DROP_EVERY_MS);
    let killed = false;
    let killedAt: number | null = null;
    const startedAt = performance.now();
    const order = await drive(clients, async (sent) => {
      if (killed || sent < MESSAGES * KILL_AT) return;
      killed = true;
      killedAt = performance.now();
      console.log(`SIGKILL the API process after ${sent} messages, restarting on the same port`);
      await api!.kill('SIGKILL');
      const down = performance.now();
      api = await start();
      console.log(`restarted after ${ms(performance.now() - down)}`);
    });
    clearInterval(chaos);
    await waitFor('every send acknowledged', () => all.every((c) => c.isOpen && c.unacked === 0), 300_000);
    all.forEach((c) => c.catchUp());
    await sleep(2000);
    const elapsed = (performance.now() - startedAt) / 1000;

    const orm = await openOrm({ clientUrl: db.url, poolMax: 1 });
    const stored = await sqlOf(orm.em.fork())
      .selectFrom('messages')
      .select(['chat_id', 'client_id', 'seq'])
      .orderBy('chat_id')
      .orderBy('seq')
      .execute();
    await closeOrm(orm, true);
    const result = checkDelivery({ clients, pairs, order, stored, killedAt });
    const reconnects = all.reduce((n, c) => n + c.reconnects, 0);
    console.log(
      `\ndone in ${elapsed.toFixed(1)} s; ${reconnects} reconnects; ${result.lateArrivals} live arrivals overtaken by a catch-up (sorted by seq on the client)`,
    );
    const errors = new Map<string, number>();
    for (const c of all) for (const [text, n] of c.errors) errors.set(text, (errors.get(text) ?? 0) + n);
    if (errors.size > 0)
      console.log(`refused sends (retried by the clients): ${[...errors].map(([text, n]) => `${n}× ${text}`).join('; ')}`);
    console.log(`lost: ${result.lost}   duplicated: ${result.duplicated}   out-of-order: ${result.outOfOrder}`);
    console.log(
      `send→peer latency over ${result.latencies.length} messages: p50 ${ms(percentile(result.latencies, 50))}, p99 ${ms(percentile(result.latencies, 99))}`,
    );
    const steady = result.latenciesBeforeKill;
    console.log(
      `  of the ${steady.length} sent before the SIGKILL (random disconnects only): p50 ${ms(percentile(steady, 50))}, p99 ${ms(percentile(steady, 99))}`,
    );
    if (result.lost + result.duplicated + result.outOfOrder > 0) process.exitCode = 1;
  } finally {
    clients.flat().forEach((c) => c.stop());
    await (api as ApiProcess | null)?.kill('SIGTERM');
    await db.dispose();
    rmSync(storageDir, { recursive: true, force: true });
  }
}

await main();
