// Inbound socket messages: authenticated clients' messages through our /ws/messages path against a bare `ws` echo
// server, both in child processes run as `npm start` runs the API and pinned to one CPU, the clients (this process) on
// the other. What is sent is `{ch:'messages', t:'unsubscribe', data:{chatId}}` for the sender's own chat: the product's
// handler for it touches no database, so the row measures the socket path itself — JSON and envelope checks, the
// per-user socket message limit, the NUL check, the per-socket ordered dispatch with its request context, the
// channel's validation and the reply — with the same work per message as a chat send has before its database calls.
// Rounds of ROUND_MS each side in turn, many users (each socket stays under the per-user limit of
// RATE_LIMITS.socketMessages, as that many people would). The row compares messages per second of server CPU (the
// median round of each side); the closed-loop rates and their ratio are printed beside it.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type WebSocket from 'ws';
import { RATE_LIMITS } from '../../api/middleware/rate-limits';
import { freePort } from '../../platform/postgres/embedded-postgres';
import { createBenchDatabase } from '../bench/bench-database';
import { benchRow, type BenchRow } from '../bench/bench-row';
import { pinServers } from '../bench/cpu-pinning';
import { processCpuMicros } from '../bench/process-cpu';
import { percentile } from '../chat-load/stats';
import { seedPairs } from '../chat-load/seed-pairs';
import { closeAll, launchProtocols, openClient, openMany } from './bench-clients';
import { spawnServer, type ServerProcess } from './server-process';

const SOCKETS = Number(process.env.BENCH_INBOUND_SOCKETS ?? 4000);
const ROUND_MS = 2000;
const ROUNDS = Number(process.env.BENCH_INBOUND_ROUNDS ?? 7);
// A client keeps its user under the server's limit with a margin: at most this many per window, windows a bit longer.
const BUDGET = RATE_LIMITS.socketMessages.limit - 10;
const WINDOW_MS = RATE_LIMITS.socketMessages.windowMs + 500;

interface Side {
  name: string;
  server: ServerProcess;
  sockets: WebSocket[];
  /** The message each socket sends, serialised once. */
  payloads: string[];
  /** Whether the client's side of the per-user limit applies (ours). */
  limited: boolean;
}

interface RoundResult {
  rate: number;
  cpuMicrosPerMessage: number;
  errors: number;
  budgetWaits: number;
}

/** Per socket: hits in its current window, as the server's fixed window counts them (see BUDGET, WINDOW_MS). */
class ClientBudget {
  private readonly started: number[];
  private readonly hits: number[];
  constructor(sockets: number) {
    this.started = new Array<number>(sockets).fill(-Infinity);
    this.hits = new Array<number>(sockets).fill(0);
  }

  /** Counts one send when the window allows it; else the ms until it does. */
  take(s: number, now: number): number {
    if (now - this.started[s]! >= WINDOW_MS) {
      this.started[s] = now;
      this.hits[s] = 0;
    }
    if (this.hits[s]! >= BUDGET) return this.started[s]! + WINDOW_MS - now;
    this.hits[s]!++;
    return 0;
  }
}

/** One closed-loop round on `side`: one message in flight per socket for ROUND_MS; answers per second. */
async function round(side: Side, budget: ClientBudget | null): Promise<RoundResult> {
  let answered = 0;
  let errors = 0;
  let budgetWaits = 0;
  let inFlight = 0;
  let running = true;
  const send = (s: number) => {
    if (!running) return;
    const wait = budget ? budget.take(s, performance.now()) : 0;
    if (wait > 0) {
      budgetWaits++;
      setTimeout(() => send(s), wait);
      return;
    }
    inFlight++;
    side.sockets[s]!.send(side.payloads[s]!);
  };
  const handlers = side.sockets.map((ws, s) => {
    const onMessage = (raw: Buffer) => {
      // Answers repeat the message's cid; a push (a peer's presence) has none.
      if (!raw.includes('"cid"')) return;
      inFlight--;
      if (raw.includes('"t":"error"')) errors++;
      else if (running) answered++;
      send(s);
    };
    ws.on('message', onMessage);
    return onMessage;
  });
  const cpuBefore = processCpuMicros(side.server.pid) ?? NaN;
  const started = performance.now();
  side.sockets.forEach((_, s) => send(s));
  await new Promise((resolve) => setTimeout(resolve, ROUND_MS));
  running = false;
  const elapsed = performance.now() - started;
  const counted = answered;
  while (inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 5));
  const cpu = (processCpuMicros(side.server.pid) ?? NaN) - cpuBefore;
  side.sockets.forEach((ws, s) => ws.off('message', handlers[s]!));
  return { rate: counted / (elapsed / 1000), cpuMicrosPerMessage: cpu / (counted + inFlight), errors, budgetWaits };
}

export async function runInboundBench(): Promise<BenchRow[]> {
  const db = await createBenchDatabase(`bench_inbound_${Date.now().toString(36)}`);
  const storageDir = mkdtempSync(path.join(os.tmpdir(), 'bench-inbound-storage-'));
  const servers: ServerProcess[] = [];
  const sides: Side[] = [];
  try {
    const pairs = await seedPairs(db.url, Math.ceil(SOCKETS / 2));
    const members = pairs
      .flatMap((p) => [
        { userId: p.a, chatId: p.chatId },
        { userId: p.b, chatId: p.chatId },
      ])
      .slice(0, SOCKETS);
    const api = await spawnServer('api', { DATABASE_URL: db.url, PORT: String(await freePort()), STORAGE_DIR: storageDir, POOL_MAX: '10' });
    servers.push(api);
    const bare = await spawnServer('ws');
    servers.push(bare);
    const payloads = members.map((m, i) =>
      JSON.stringify({ ch: 'messages', t: 'unsubscribe', cid: `u${i}`, data: { chatId: String(m.chatId) } }),
    );
    const apiWs = `${api.url.replace('http', 'ws')}/ws/messages`;
    const bareWs = `${bare.url.replace('http', 'ws')}/`;
    sides.push({
      name: 'ours',
      server: api,
      sockets: await openMany(members, 32, (m) => openClient(apiWs, launchProtocols(m.userId), { untilFirstMessage: true })),
      payloads,
      limited: true,
    });
    sides.push({
      name: 'bare ws echo',
      server: bare,
      sockets: await openMany(members, 32, (m) => openClient(bareWs, launchProtocols(m.userId), { untilFirstMessage: false })),
      payloads,
      limited: false,
    });
    const budget = new ClientBudget(SOCKETS);
    const unpin = pinServers([api.pid, bare.pid]);
    const results = new Map<Side, RoundResult[]>(sides.map((s) => [s, []]));
    try {
      // Warm-up, unmeasured (the budget keeps counting it).
      for (const side of sides) await round(side, side.limited ? budget : null);
      for (let i = 0; i < ROUNDS; i++) {
        for (let k = 0; k < sides.length; k++) {
          const side = sides[(i + k) % sides.length]!;
          results.get(side)!.push(await round(side, side.limited ? budget : null));
        }
      }
    } finally {
      unpin();
    }
    const [ours, echo] = [results.get(sides[0]!)!, results.get(sides[1]!)!];
    const median = (values: number[]) => percentile(values, 50);
    const errors = ours.reduce((n, r) => n + r.errors, 0);
    const cpuOurs = median(ours.map((r) => r.cpuMicrosPerMessage));
    const cpuEcho = median(echo.map((r) => r.cpuMicrosPerMessage));
    console.log(
      `inbound socket messages (${SOCKETS} users, one in flight each, ${ROUNDS} rounds of ${ROUND_MS} ms): rounds ours/echo msg/s ` +
        ours.map((r, i) => `${r.rate.toFixed(0)}/${echo[i]!.rate.toFixed(0)} ${(r.rate / echo[i]!.rate).toFixed(2)}×`).join(', '),
    );
    console.log(
      `  server CPU per message: ours ${cpuOurs.toFixed(1)} µs, bare ws echo ${cpuEcho.toFixed(1)} µs (${(cpuEcho / cpuOurs).toFixed(2)}×); ` +
        `errors ${errors}; sends held back by the per-user limit ${ours.reduce((n, r) => n + r.budgetWaits, 0)}`,
    );
    // The row is each server's messages per second of its own CPU: one client process on this 2-CPU machine often
    // cannot saturate the bare echo server, so the closed-loop throughput (above, for information) flatters us.
    const perCpuSecond = (micros: number) => 1e6 / micros;
    return [
      benchRow({
        name: `ws inbound messages per server CPU-second (${SOCKETS} users) vs bare ws echo`,
        figure: perCpuSecond(cpuOurs),
        baseline: perCpuSecond(cpuEcho),
        unit: 'msg/s',
        minRatio: 0.5,
        failed: errors > 0,
      }),
    ];
  } finally {
    for (const side of sides) await closeAll(side.sockets);
    for (const server of servers) await server.kill();
    await db.dispose();
    rmSync(storageDir, { recursive: true, force: true });
  }
}
