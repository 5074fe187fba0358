// Idle sockets: SOCKETS (10,000) authenticated /ws/messages sockets on one API process, each opened as the mini app
// opens it (real initData in the subprotocols, one user each, the presence snapshot received), against a bare `ws`
// server holding as many sockets from the same client. Memory per socket is each server's growth (RSS and V8 heap
// after full collections, in a child started with --expose-gc) divided by the sockets; target ≤ 2× the bare server's.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type WebSocket from 'ws';
import { freePort } from '../../platform/postgres/embedded-postgres';
import { createBenchDatabase } from '../bench/bench-database';
import { benchRow, type BenchRow } from '../bench/bench-row';
import { seedPairs } from '../chat-load/seed-pairs';
import { closeAll, launchProtocols, openClient, openMany } from './bench-clients';
import { spawnServer, type ServerProcess } from './server-process';

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 10_000);
const WARM_UP = 300;
const CONCURRENCY = 32;

interface Holding {
  perSocketRss: number;
  perSocketHeap: number;
  openMs: number;
}

const kb = (bytes: number) => bytes / 1024;

/** The open-file limit the servers inherit (each holds a descriptor per socket). */
const openFileLimit = () => execFileSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).trim();

/**
 * Opens a warm-up batch and lets it go, then opens `userIds.length` sockets in two halves and measures the server
 * after each: the memory a socket costs is the second half's growth, so what the process grows once while it serves
 * its first thousands of upgrades (V8 sizes its young generation to the allocation rate: 67 → 134 MB committed in
 * both servers, empty after the collections) is not counted as sockets'.
 */
async function hold(server: ServerProcess, wsUrl: string, userIds: readonly number[], ours: boolean): Promise<Holding> {
  const open = (id: number) => openClient(wsUrl, launchProtocols(id), { untilFirstMessage: ours });
  await closeAll(await openMany(userIds.slice(0, WARM_UP), CONCURRENCY, open));
  // Each close is heard by the server a moment after the client's: until then it still holds the warm-up sockets.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const half = Math.floor(userIds.length / 2);
  const started = performance.now();
  const sockets: WebSocket[] = [];
  try {
    sockets.push(...(await openMany(userIds.slice(0, half), CONCURRENCY, open)));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const before = await server.memory();
    sockets.push(...(await openMany(userIds.slice(half), CONCURRENCY, open)));
    const openMs = performance.now() - started - 1000;
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const after = await server.memory();
    const measured = userIds.length - half;
    return {
      perSocketRss: (after.rss - before.rss) / measured,
      perSocketHeap: (after.heapUsed - before.heapUsed) / measured,
      openMs,
    };
  } finally {
    await closeAll(sockets);
  }
}

export async function runIdleSocketsBench(): Promise<BenchRow[]> {
  const db = await createBenchDatabase(`bench_idle_${Date.now().toString(36)}`);
  const storageDir = mkdtempSync(path.join(os.tmpdir(), 'bench-idle-storage-'));
  const servers: ServerProcess[] = [];
  try {
    const pairs = await seedPairs(db.url, Math.ceil(SOCKETS / 2));
    const userIds = pairs.flatMap((p) => [p.a, p.b]).slice(0, SOCKETS);
    const api = await spawnServer('api', { DATABASE_URL: db.url, PORT: String(await freePort()), STORAGE_DIR: storageDir, POOL_MAX: '10' });
    servers.push(api);
    const ours = await hold(api, `${api.url.replace('http', 'ws')}/ws/messages`, userIds, true);
    await api.kill();
    const bare = await spawnServer('ws');
    servers.push(bare);
    const theirs = await hold(bare, `${bare.url.replace('http', 'ws')}/`, userIds, false);
    console.log(
      `idle sockets (${SOCKETS}, ulimit -n ${openFileLimit()}): ` +
        `ours ${kb(ours.perSocketRss).toFixed(2)} kB RSS, ${kb(ours.perSocketHeap).toFixed(2)} kB heap a socket (opened in ${(ours.openMs / 1000).toFixed(1)} s, ` +
        `${((SOCKETS / ours.openMs) * 1000).toFixed(0)} upgrades/s); bare ws ${kb(theirs.perSocketRss).toFixed(2)} kB RSS, ` +
        `${kb(theirs.perSocketHeap).toFixed(2)} kB heap a socket (opened in ${(theirs.openMs / 1000).toFixed(1)} s)`,
    );
    return [
      benchRow({
        name: `idle socket RSS (${SOCKETS} authenticated) vs bare ws`,
        figure: kb(ours.perSocketRss),
        baseline: kb(theirs.perSocketRss),
        unit: 'kB',
        maxRatio: 2,
      }),
      benchRow({
        name: `idle socket heap (${SOCKETS} authenticated) vs bare ws`,
        figure: kb(ours.perSocketHeap),
        baseline: kb(theirs.perSocketHeap),
        unit: 'kB',
        maxRatio: 2,
      }),
    ];
  } finally {
    for (const server of servers) await server.kill();
    await db.dispose();
    rmSync(storageDir, { recursive: true, force: true });
  }
}
