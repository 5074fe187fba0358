import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { checkPostgresCanReach, EmbeddedPostgresAccessError, type RunAs } from './embedded-postgres-access';
import { generatePassword, passwordFor, replaceLegacyPassword } from './embedded-postgres-password';

// A real PostgreSQL server from the binaries of this platform's @embedded-postgres package, run by us: initdb once
// per data directory, then the `postgres` binary as our child, stopped by stop() or, failing that, when this
// process exits.

export interface EmbeddedDatabase {
  url: (database: string) => string;
  /**
   * Stops the server (and removes a throw-away one's data). At once by default (PostgreSQL's fast shutdown: the
   * clients still connected are disconnected); with `graceMs`, a smart shutdown first, which waits that long for
   * the clients to leave (a pool's end() does not wait for its connections' goodbyes to reach the server).
   */
  stop: (opts?: { graceMs?: number }) => Promise<void>;
}

export interface EmbeddedPostgresOptions {
  dataDir: string;
  /** Keeps the data directory between runs (npm start); tests use throw-away ones, removed by stop(). */
  persistent: boolean;
  port?: number;
  /**
   * For a process that handles Ctrl-C itself and stops everything in order, this server last (bot/main.ts): the
   * server runs in a process group of its own, so a terminal's Ctrl-C, sent to the whole foreground group, reaches
   * only us. Otherwise it stays in our group, and Ctrl-C stops it with the process that started it.
   */
  ownProcessGroup?: boolean;
  /** More server settings, each given as `-c name=value` (e.g. the statements benchmark's pg_stat_statements). */
  settings?: Readonly<Record<string, string>>;
}

interface Binaries {
  initdb: string;
  postgres: string;
}

/** The package's exports (its package.json names one entry): the paths of its initdb, pg_ctl and postgres binaries. */
async function binaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  try {
    return (await import(name)) as Binaries;
  } catch (err) {
    throw new Error(`no PostgreSQL binaries for ${process.platform}-${process.arch}: ${name} is not installed`, { cause: err });
  }
}

export type { RunAs };
export { checkPostgresCanReach, EmbeddedPostgresAccessError };

const idOf = (flag: '-u' | '-g') =>
  Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());

/** PostgreSQL refuses to run as root: as root, the server runs as user 'postgres' (created when missing). */
export function postgresUser(): RunAs | null {
  if (process.getuid?.() !== 0) return null;
  try {
    return { uid: idOf('-u'), gid: idOf('-g') };
  } catch {
    execFileSync('groupadd', ['-f', 'postgres'], { stdio: 'ignore' });
    execFileSync('useradd', ['-g', 'postgres', 'postgres'], { stdio: 'ignore' });
    return { uid: idOf('-u'), gid: idOf('-g') };
  }
}

/** Runs a binary to completion; its output goes into the error when it fails. */
function run(command: string, args: string[], runAs: RunAs | null): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...runAs });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.once('error', reject);
    child.once('close', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${path.basename(command)} failed (${signal ?? `code ${code}`}): ${output.trim()}`)),
    );
  });
}

/** A new cluster in `dataDir` whose user 'postgres' signs in with `password`. */
async function initialise(bin: Binaries, dataDir: string, password: string, runAs: RunAs | null): Promise<void> {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  // Beside the data directory (which initdb wants empty), readable by its owner only, for as long as initdb runs.
  const passwordFile = `${dataDir}.initdb-password`;
  writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
  try {
    if (runAs) {
      chownSync(dataDir, runAs.uid, runAs.gid);
      chownSync(passwordFile, runAs.uid, runAs.gid);
    }
    await run(
      bin.initdb,
      [`--pgdata=${dataDir}`, '--auth=password', '--username=postgres', `--pwfile=${passwordFile}`, '--lc-messages=C'],
      runAs,
    );
  } finally {
    rmSync(passwordFile, { force: true });
  }
}

/**
 * The configuration files a new cluster of these binaries has (initdb into a scratch directory beside `dataDir`),
 * copied into `dataDir`: a restored data directory runs on them, never on an archive's (scripts/restore.ts).
 */
export async function writeNewClusterConfig(dataDir: string, names: readonly string[]): Promise<void> {
  const bin = await binaries();
  const runAs = postgresUser();
  const scratch = `${dataDir}.new-cluster`;
  rmSync(scratch, { recursive: true, force: true });
  try {
    await initialise(bin, scratch, generatePassword(), runAs);
    for (const name of names) {
      const target = path.join(dataDir, name);
      writeFileSync(target, readFileSync(path.join(scratch, name)), { mode: 0o600 });
      if (runAs) chownSync(target, runAs.uid, runAs.gid);
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** Servers of this process not stopped yet: stopped when it exits (a synchronous signal is all 'exit' allows). */
const running = new Set<ChildProcess>();
let stopsOnExit = false;
const stopAll = () => {
  for (const server of running) server.kill('SIGINT');
};

/**
 * The servers are stopped when this process exits, and when a signal ends it that nothing else here handles
 * (it is then raised again, so the process still ends by it). A process that handles the signal itself exits
 * its own way, and 'exit' stops them.
 */
function stopOnExit(child: ChildProcess): void {
  running.add(child);
  child.once('exit', () => running.delete(child));
  if (stopsOnExit) return;
  stopsOnExit = true;
  process.on('exit', stopAll);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    const onSignal = () => {
      if (process.listenerCount(signal) > 1) return;
      stopAll();
      process.off(signal, onSignal);
      process.kill(process.pid, signal);
    };
    process.on(signal, onSignal);
  }
}

const READY = 'database system is ready to accept connections';

/** Starts the server and resolves once it accepts connections. */
function serve(bin: Binaries, args: string[], runAs: RunAs | null, ownProcessGroup: boolean): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    // lc_messages=C: the ready line is matched in English.
    const child = spawn(bin.postgres, [...args, '-c', 'lc_messages=C'], {
      stdio: ['ignore', 'ignore', 'pipe'],
      detached: ownProcessGroup,
      ...runAs,
    });
    let log = '';
    let ready = false;
    // The log is read for as long as the server runs (a full pipe would stall it); its tail explains a failed start.
    child.stderr!.on('data', (d: Buffer) => {
      if (ready) return;
      log = (log + d.toString()).slice(-8_000);
      if (!log.includes(READY)) return;
      ready = true;
      stopOnExit(child);
      resolve(child);
    });
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      reject(new Error(`PostgreSQL exited while starting (${signal ?? `code ${code}`}): ${log.trim()}`)),
    );
  });
}

/** SIGTERM is PostgreSQL's smart shutdown, SIGINT its fast one; either writes the data out and removes postmaster.pid. */
function shutDown(child: ChildProcess, graceMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  if (graceMs <= 0) {
    child.kill('SIGINT');
    return exited;
  }
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGINT'), graceMs);
  return exited.finally(() => clearTimeout(timer));
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

/** Whether a process with this id exists (signal 0 checks without signalling). */
export function isAlive(pid: number): boolean {
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
 * Starts a real PostgreSQL server from this platform's @embedded-postgres binaries (see EmbeddedPostgresOptions).
 * A random password per data directory: kept beside a kept one, in memory for a throw-away one.
 */
export async function startEmbeddedPostgres(opts: EmbeddedPostgresOptions): Promise<EmbeddedDatabase> {
  const bin = await binaries();
  const port = opts.port ?? (await freePort());
  const dataDir = path.resolve(opts.dataDir);
  const runAs = postgresUser();
  if (runAs) {
    // The 'postgres' user must be able to reach the binaries and the data directory.
    const parent = path.dirname(dataDir);
    mkdirSync(parent, { recursive: true });
    const { mode } = statSync(parent);
    if ((mode & 0o005) !== 0o005) chmodSync(parent, mode | 0o005);
    checkPostgresCanReach([bin.initdb, bin.postgres, parent], runAs);
  }
  const initialised = existsSync(path.join(dataDir, 'PG_VERSION'));
  const known = opts.persistent || initialised ? passwordFor(dataDir, initialised) : generatePassword();
  if (!initialised) await initialise(bin, dataDir, known ?? generatePassword(), runAs);
  else removeStalePidFile(dataDir);
  // Throw-away test servers trade durability for speed; kept data stays durable.
  const flags = [
    '-c',
    'max_connections=300',
    ...(opts.persistent ? [] : ['-c', 'fsync=off', '-c', 'full_page_writes=off']),
    ...Object.entries(opts.settings ?? {}).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
  ];
  const server = await serve(bin, ['-D', dataDir, '-p', String(port), ...flags], runAs, opts.ownProcessGroup ?? false);
  let stopping: Promise<void> | null = null;
  const stop = (stopOpts: { graceMs?: number } = {}) =>
    (stopping ??= shutDown(server, stopOpts.graceMs ?? 0).then(() => {
      if (!opts.persistent) rmSync(dataDir, { recursive: true, force: true });
    }));
  const password =
    known ??
    (await replaceLegacyPassword(dataDir, port, 'postgres').catch(async (err: unknown) => {
      await stop();
      throw err;
    }));
  return {
    url: (database) => `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`,
    stop,
  };
}
