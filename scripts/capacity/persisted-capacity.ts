// Persisted chat throughput: chat sends over real sockets (stored, their notify job queued in the same transaction as
// production does, pushed to both members) against PostgreSQL's own limit for the same writes: the statements one
// send makes, captured from postMessage itself (send-statements.ts), replayed over POOL connections (the API's pool
// size), one statement at a time per connection, on the same database and server settings. Rounds of ROUND_MS each
// side in turn; the row's ratio is the median of the rounds' own ratios (target ≥ 0.5×).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type WebSocket from 'ws';
import { RATE_LIMITS } from '../../api/middleware/rate-limits';
import { freePort } from '../../platform/postgres/embedded-postgres';
import { createBenchDatabase } from '../bench/bench-database';
import { benchRow, type BenchRow } from '../bench/bench-row';
import { processCpuMicros } from '../bench/process-cpu';
import { percentile } from '../chat-load/stats';
import { seedPairs, type LoadPair } from '../chat-load/seed-pairs';
import { closeAll, launchProtocols, openClient, openMany } from './bench-clients';
import { busyShare, machineCpu } from './machine-cpu';
import { captureSendStatements, statementsFor, type CapturedSend } from './send-statements';
import { spawnServer, type ServerProcess } from './server-process';

const PAIRS = Number(process.env.BENCH_PERSISTED_PAIRS ?? 2000);
const POOL = 10;
const IN_FLIGHT = Number(process.env.BENCH_PERSISTED_IN_FLIGHT ?? 64);
const ROUND_MS = 4000;
const ROUNDS = 3;
// Each sender stays under the per-user message limit with a margin (as that many people would).
const BUDGET = RATE_LIMITS.messages.limit - 5;
const WINDOW_MS = RATE_LIMITS.messages.windowMs + 500;

interface Round {
  rate: number;
  apiCpuMicros: number;
  machineBusy: number;
  errors: number;
}

/** Senders in turn, skipping one whose user has used up its window. */
function senderPicker(pairs: readonly LoadPair[]) {
  const started = new Array<number>(pairs.length).fill(-Infinity);
  const hits = new Array<number>(pairs.length).fill(0);
  let next = 0;
  return (now: number): number | null => {
    for (let tried = 0; tried < pairs.length; tried++) {
      const s = next++ % pairs.length;
      if (now - started[s]! >= WINDOW_MS) [started[s], hits[s]] = [now, 0];
      if (hits[s]! < BUDGET) {
        hits[s]!++;
        return s;
      }
    }
    return null;
  };
}

async function oursRound(api: ServerProcess, senders: WebSocket[], pairs: readonly LoadPair[], pick: ReturnType<typeof senderPicker>) {
  let acked = 0;
  let errors = 0;
  let inFlight = 0;
  let running = true;
  let n = 0;
  const send = () => {
    const s = running ? pick(performance.now()) : null;
    if (s === null) return;
    inFlight++;
    const clientId = `cap-${s}-${++n}-${Date.now()}`;
    senders[s]!.send(
      JSON.stringify({
        ch: 'messages',
        t: 'send',
        cid: clientId,
        data: { chatId: String(pairs[s]!.chatId), text: `сообщение ${n}`, clientId },
      }),
    );
  };
  const onMessage = (raw: Buffer) => {
    if (!raw.includes('"cid"')) return;
    inFlight--;
    if (raw.includes('"t":"error"')) errors++;
    else if (running) acked++;
    send();
  };
  senders.forEach((ws) => ws.on('message', onMessage));
  const [cpu0, machine0, started] = [processCpuMicros(api.pid) ?? NaN, machineCpu(), performance.now()];
  for (let i = 0; i < IN_FLIGHT; i++) send();
  await new Promise((resolve) => setTimeout(resolve, ROUND_MS));
  running = false;
  const [elapsed, counted, machine1] = [performance.now() - started, acked, machineCpu()];
  while (inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 10));
  senders.forEach((ws) => ws.off('message', onMessage));
  const cpu = (processCpuMicros(api.pid) ?? NaN) - cpu0;
  return { rate: counted / (elapsed / 1000), apiCpuMicros: cpu / acked, machineBusy: busyShare(machine0, machine1), errors };
}

/** The baseline is not held to the per-user limit (no API in between): senders in turn. */
function roundRobin(pairs: readonly LoadPair[]) {
  let next = 0;
  return (_now: number): number => next++ % pairs.length;
}

async function baselineRound(clients: pg.Client[], captured: CapturedSend, pairs: readonly LoadPair[], pick: (now: number) => number) {
  let done = 0;
  let n = 0;
  let running = true;
  const [machine0, started] = [machineCpu(), performance.now()];
  const loop = async (client: pg.Client) => {
    while (running) {
      const s = pick(performance.now());
      for (const statement of statementsFor(captured, pairs[s]!, `base-${s}-${++n}-${Date.now()}`))
        await client.query(statement.text, statement.values);
      if (running) done++;
    }
  };
  const loops = clients.map(loop);
  await new Promise((resolve) => setTimeout(resolve, ROUND_MS));
  running = false;
  const [elapsed, counted, machine1] = [performance.now() - started, done, machineCpu()];
  await Promise.all(loops);
  return { rate: counted / (elapsed / 1000), apiCpuMicros: NaN, machineBusy: busyShare(machine0, machine1), errors: 0 };
}

export async function runPersistedBench(): Promise<BenchRow[]> {
  const db = await createBenchDatabase(`bench_persisted_${Date.now().toString(36)}`);
  const storageDir = mkdtempSync(path.join(os.tmpdir(), 'bench-persisted-storage-'));
  let api: ServerProcess | null = null;
  const sockets: WebSocket[] = [];
  const clients: pg.Client[] = [];
  try {
    const pairs = await seedPairs(db.url, PAIRS);
    api = await spawnServer('api', {
      DATABASE_URL: db.url,
      PORT: String(await freePort()),
      STORAGE_DIR: storageDir,
      POOL_MAX: String(POOL),
      NOTIFY_JOBS: '1',
    });
    // The last pair: its chat id is no small number that another parameter (the seq step of 1) could equal.
    const captured = await captureSendStatements(db.url, pairs.at(-1)!);
    console.log(`one chat send's statements (${captured.statements.length}), replayed by the baseline:`);
    for (const s of captured.statements) console.log(`  ${s.text.replace(/\s+/g, ' ').slice(0, 160)}${s.text.length > 160 ? ' …' : ''}`);
    const wsUrl = `${api.url.replace('http', 'ws')}/ws/messages`;
    const senders = await openMany(pairs, 32, (p) => openClient(wsUrl, launchProtocols(p.a), { untilFirstMessage: true }));
    sockets.push(...senders);
    const peers = await openMany(pairs, 32, (p) => openClient(wsUrl, launchProtocols(p.b), { untilFirstMessage: true }));
    sockets.push(...peers);
    peers.forEach((ws, i) =>
      ws.send(JSON.stringify({ ch: 'messages', t: 'subscribe', cid: 's', data: { chatId: String(pairs[i]!.chatId), afterSeq: 0 } })),
    );
    for (let i = 0; i < POOL; i++) {
      const client = new pg.Client({ connectionString: db.url });
      await client.connect();
      clients.push(client);
    }
    const pickOurs = senderPicker(pairs);
    const pickBase = roundRobin(pairs);
    const ours: Round[] = [];
    const base: Round[] = [];
    await oursRound(api, senders, pairs, pickOurs);
    await baselineRound(clients, captured, pairs, pickBase);
    for (let i = 0; i < ROUNDS; i++) {
      if (i % 2 === 0) {
        ours.push(await oursRound(api, senders, pairs, pickOurs));
        base.push(await baselineRound(clients, captured, pairs, pickBase));
      } else {
        base.push(await baselineRound(clients, captured, pairs, pickBase));
        ours.push(await oursRound(api, senders, pairs, pickOurs));
      }
    }
    const median = (values: number[]) => percentile(values, 50);
    const errors = ours.reduce((e, r) => e + r.errors, 0);
    console.log(
      `persisted chat sends (${PAIRS} senders, ${IN_FLIGHT} in flight; baseline ${POOL} connections): rounds ours/PostgreSQL msg/s ` +
        ours.map((r, i) => `${r.rate.toFixed(0)}/${base[i]!.rate.toFixed(0)} ${(r.rate / base[i]!.rate).toFixed(2)}×`).join(', '),
    );
    console.log(
      `  API CPU per send ${median(ours.map((r) => r.apiCpuMicros)).toFixed(0)} µs; machine busy ${ours.map((r) => `${(r.machineBusy * 100).toFixed(0)} %`).join(', ')} ` +
        `(ours), ${base.map((r) => `${(r.machineBusy * 100).toFixed(0)} %`).join(', ')} (baseline); errors ${errors}`,
    );
    return [
      benchRow({
        name: `persisted chat sends vs PostgreSQL's own limit (same statements)`,
        figure: median(ours.map((r) => r.rate)),
        baseline: median(base.map((r) => r.rate)),
        ratio: median(ours.map((r, i) => r.rate / base[i]!.rate)),
        unit: 'msg/s',
        minRatio: 0.5,
        failed: errors > 0,
      }),
    ];
  } finally {
    for (const client of clients) await client.end().catch(() => undefined);
    await closeAll(sockets);
    await api?.kill();
    await db.dispose();
    rmSync(storageDir, { recursive: true, force: true });
  }
}
